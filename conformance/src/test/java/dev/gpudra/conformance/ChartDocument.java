package dev.gpudra.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What a chart render fixture keeps: what a user's values change on the node, not how each chart
 * names its objects. Per DeviceClass its CEL selectors; per container of the kubelet plugin
 * DaemonSet ({@code kubelet-plugin/<container>}) and of the ComputeDomain controller ({@code
 * controller/compute-domain}) its environment (a {@code valueFrom} as {@code <fieldPath>}), its
 * mount paths and whether it is privileged. Names of objects, labels, images and resources are left
 * out: each chart has its own ({@code IMAGE_NAME}, the chart's image, reads {@value #IMAGE}).
 */
final class ChartDocument {
  private static final YAMLMapper YAML = new YAMLMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** The ComputeDomain controller's container, in both charts. */
  static final String CONTROLLER_CONTAINER = "compute-domain";

  /** What {@code IMAGE_NAME}'s value reads as: each chart runs its own image. */
  static final String IMAGE = "<the chart's image>";

  private ChartDocument() {}

  /** Projects {@code helm template}'s output. */
  static JsonNode of(String rendered) {
    ObjectNode out = NODES.objectNode();
    ArrayNode classes = out.putArray("deviceClasses");
    ArrayNode containers = out.putArray("containers");
    for (JsonNode object : objects(rendered)) {
      switch (object.path("kind").asText()) {
        case "DeviceClass" -> classes.add(deviceClass(object));
        case "DaemonSet" -> containers(object, "kubelet-plugin", containers);
        case "Deployment" -> containers(object, "controller", containers);
        default -> {}
      }
    }
    return out;
  }

  private static List<JsonNode> objects(String rendered) {
    List<JsonNode> objects = new ArrayList<>();
    try (var parser = YAML.createParser(rendered)) {
      YAML.readValues(parser, JsonNode.class)
          .forEachRemaining(o -> {
            if (o != null && o.isObject()) {
              objects.add(o);
            }
          });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read helm's output", e);
    }
    return objects;
  }

  private static JsonNode deviceClass(JsonNode object) {
    ObjectNode out = NODES.objectNode();
    out.put("name", object.path("metadata").path("name").asText());
    ArrayNode selectors = out.putArray("selectors");
    object
        .path("spec")
        .path("selectors")
        .forEach(s -> selectors.add(s.path("cel").path("expression")));
    return out;
  }

  /** The workload's containers; of a Deployment only the controller's. */
  private static void containers(JsonNode object, String role, ArrayNode into) {
    for (JsonNode c : object.path("spec").path("template").path("spec").path("containers")) {
      String name = c.path("name").asText();
      if (role.equals("controller") && !name.equals(CONTROLLER_CONTAINER)) {
        continue;
      }
      ObjectNode out = into.addObject();
      out.put("name", role + "/" + name);
      ArrayNode env = out.putArray("env");
      c.path("env")
          .forEach(
              e -> env.addObject().put("name", e.path("name").asText()).set("value", value(e)));
      ArrayNode mounts = out.putArray("mounts");
      c.path("volumeMounts")
          .forEach(m -> mounts.addObject().put("name", m.path("mountPath").asText()));
      out.put("privileged", c.path("securityContext").path("privileged").asBoolean(false));
    }
  }

  private static JsonNode value(JsonNode env) {
    if (env.path("name").asText().equals("IMAGE_NAME")) {
      return NODES.textNode(IMAGE);
    }
    if (env.has("value")) {
      return NODES.textNode(env.path("value").asText());
    }
    JsonNode field = env.path("valueFrom").path("fieldRef").path("fieldPath");
    return NODES.textNode(
        field.isMissingNode() ? env.path("valueFrom").toString() : "<" + field.asText() + ">");
  }
}
