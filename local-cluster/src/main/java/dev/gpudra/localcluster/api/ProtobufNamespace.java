package dev.gpudra.localcluster.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.Set;

/**
 * A Namespace in Kubernetes' protobuf encoding (what {@code kubectl create namespace} sends), as
 * JSON. The encoding: the magic {@code k8s\0}, then a {@code runtime.Unknown} (1 typeMeta: 1
 * apiVersion, 2 kind; 2 raw; 3 contentEncoding; 4 contentType) whose raw bytes are the Namespace (1
 * metadata, 2 spec: 1 finalizers, 3 status: 1 phase). Of ObjectMeta it reads name (1), generateName
 * (2), labels (11), annotations (12) and finalizers (14); any other field that is not empty is
 * refused, naming it, rather than dropped.
 */
final class ProtobufNamespace {
  static final String MEDIA_TYPE = "application/vnd.kubernetes.protobuf";
  static final String PATH = "/api/v1/namespaces";

  private static final byte[] MAGIC = {'k', '8', 's', 0};

  /** ObjectMeta's namespace, selfLink, uid, resourceVersion, generation: read only when empty. */
  private static final Set<Integer> EMPTY_SCALARS = Set.of(3, 4, 5, 6, 7);

  private static final int CREATION_TIMESTAMP = 8;

  private final ObjectMapper json = new ObjectMapper();

  /** The Namespace as JSON; {@link IllegalArgumentException} naming what could not be read. */
  String toJson(byte[] body) {
    if (body.length < MAGIC.length || !Arrays.equals(Arrays.copyOf(body, MAGIC.length), MAGIC)) {
      throw new IllegalArgumentException("the body does not start with Kubernetes' protobuf magic");
    }
    ProtoMessage unknown = ProtoMessage.parse(Arrays.copyOfRange(body, MAGIC.length, body.length));
    ProtoMessage.Field typeMeta = field(unknown, 1);
    ProtoMessage.Field encoding = field(unknown, 3);
    String apiVersion = field(typeMeta.message(), 1).string();
    String kind = field(typeMeta.message(), 2).string();
    if (!apiVersion.equals("v1") || !kind.equals("Namespace") || !encoding.isEmpty()) {
      throw new IllegalArgumentException(
          "only a v1 Namespace is read from protobuf, not " + apiVersion + " " + kind);
    }
    ObjectNode namespace = json.createObjectNode().put("apiVersion", "v1").put("kind", "Namespace");
    for (ProtoMessage.Field field : field(unknown, 2).message().fields()) {
      switch (field.number()) {
        case 1 -> namespace.set("metadata", metadata(field.message()));
        case 2 -> finalizers(field.message(), namespace);
        case 3 -> refuseNonEmpty(field.message(), Set.of(1), "Namespace.status");
        default -> refuse("Namespace", field);
      }
    }
    return namespace.toString();
  }

  private ObjectNode metadata(ProtoMessage meta) {
    ObjectNode metadata = json.createObjectNode();
    for (ProtoMessage.Field field : meta.fields()) {
      switch (field.number()) {
        case 1 -> putIfSet(metadata, "name", field.string());
        case 2 -> putIfSet(metadata, "generateName", field.string());
        case 11 -> entry(metadata.withObject("labels"), field.message());
        case 12 -> entry(metadata.withObject("annotations"), field.message());
        case 14 -> metadata.withArray("finalizers").add(field.string());
        default -> {
          boolean empty =
              EMPTY_SCALARS.contains(field.number()) && field.isEmpty()
                  || field.number() == CREATION_TIMESTAMP && emptyMessage(field);
          if (!empty) {
            refuse("ObjectMeta", field);
          }
        }
      }
    }
    return metadata;
  }

  private static void finalizers(ProtoMessage spec, ObjectNode namespace) {
    for (ProtoMessage.Field field : spec.fields()) {
      if (field.number() != 1) {
        refuse("NamespaceSpec", field);
      }
      namespace.withObject("spec").withArray("finalizers").add(field.string());
    }
  }

  private static void refuseNonEmpty(ProtoMessage message, Set<Integer> read, String where) {
    for (ProtoMessage.Field field : message.fields()) {
      if (!read.contains(field.number()) || !field.isEmpty()) {
        refuse(where, field);
      }
    }
  }

  private static void entry(ObjectNode map, ProtoMessage entry) {
    map.put(field(entry, 1).string(), field(entry, 2).string());
  }

  private static boolean emptyMessage(ProtoMessage.Field field) {
    return field.isEmpty()
        || field.message().fields().stream().allMatch(ProtoMessage.Field::isEmpty);
  }

  private static void putIfSet(ObjectNode node, String name, String value) {
    if (!value.isEmpty()) {
      node.put(name, value);
    }
  }

  private static ProtoMessage.Field field(ProtoMessage message, int number) {
    return message.fields().stream()
        .filter(f -> f.number() == number)
        .reduce((first, last) -> last)
        .orElse(new ProtoMessage.Field(number, 0, null));
  }

  private static void refuse(String where, ProtoMessage.Field field) {
    throw new IllegalArgumentException(
        "field " + field.number() + " of " + where + " is not read from protobuf by this server");
  }
}
