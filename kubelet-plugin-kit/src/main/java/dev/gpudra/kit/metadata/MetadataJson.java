package dev.gpudra.kit.metadata;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The metadata file's bytes: the object once per API version, newest first, each as the API
 * machinery's pretty JSON serializer writes it and followed by a newline; the field names and order
 * of {@code metadata.resource.k8s.io} v1beta1 and v1alpha1 (the same fields in both).
 */
public final class MetadataJson {
  public static final String GROUP = "metadata.resource.k8s.io";
  public static final String KIND = "DeviceMetadata";

  /** Newest first: Kubernetes 1.37 consumers read v1beta1, 1.36 ones v1alpha1. */
  public static final List<String> VERSIONS = List.of(GROUP + "/v1beta1", GROUP + "/v1alpha1");

  private MetadataJson() {}

  public static byte[] stream(DeviceMetadata metadata) {
    StringBuilder out = new StringBuilder();
    for (String apiVersion : VERSIONS) {
      out.append(GoJson.pretty(object(apiVersion, metadata))).append('\n');
    }
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static Map<String, Object> object(String apiVersion, DeviceMetadata metadata) {
    Map<String, Object> meta = new LinkedHashMap<>();
    putText(meta, "name", metadata.claim().name());
    putText(meta, "namespace", metadata.claim().namespace());
    putText(meta, "uid", metadata.claim().uid());
    meta.put("generation", metadata.generation());
    Map<String, Object> object = new LinkedHashMap<>();
    object.put("kind", KIND);
    object.put("apiVersion", apiVersion);
    object.put("metadata", meta);
    metadata.podClaimName().ifPresent(name -> object.put("podClaimName", name));
    Map<String, Object> request = new LinkedHashMap<>();
    request.put("name", metadata.request());
    if (!metadata.devices().isEmpty()) {
      request.put("devices", metadata.devices().stream().map(MetadataJson::device).toList());
    }
    object.put("requests", List.of(request));
    return object;
  }

  private static Map<String, Object> device(MetadataDevice device) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("driver", device.driver());
    out.put("pool", device.pool());
    out.put("name", device.name());
    if (!device.attributes().isEmpty()) {
      Map<String, Object> attributes = new LinkedHashMap<>();
      device.attributes().forEach((name, value) -> attributes.put(name, attribute(value)));
      out.put("attributes", attributes);
    }
    return out;
  }

  /** The fields in {@code resource.k8s.io/v1} DeviceAttribute's order, unset ones left out. */
  private static Map<String, Object> attribute(DeviceAttribute value) {
    Map<String, Object> out = new LinkedHashMap<>();
    putIfSet(out, "int", value.getInt());
    putIfSet(out, "bool", value.getBool());
    putIfSet(out, "string", value.getString());
    putIfSet(out, "version", value.getVersion());
    putList(out, "ints", value.getInts());
    putList(out, "bools", value.getBools());
    putList(out, "strings", value.getStrings());
    putList(out, "versions", value.getVersions());
    return out;
  }

  private static void putText(Map<String, Object> out, String key, String value) {
    if (!value.isEmpty()) {
      out.put(key, value);
    }
  }

  private static void putIfSet(Map<String, Object> out, String key, Object value) {
    if (value != null) {
      out.put(key, value);
    }
  }

  private static void putList(Map<String, Object> out, String key, List<?> values) {
    if (values != null && !values.isEmpty()) {
      out.put(key, List.copyOf(values));
    }
  }
}
