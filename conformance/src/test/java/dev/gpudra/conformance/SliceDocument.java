package dev.gpudra.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A pool's ResourceSlices as the fixtures hold them: what a plugin decides, without what the API
 * server or the run adds. Kept: {@code metadata.generateName} and the owner reference, and the
 * whole {@code spec}. The node's name becomes {@value #NODE}; devices are sorted by name (NVIDIA's
 * plugin lists them in Go's map order, which changes from run to run); keys are sorted.
 */
final class SliceDocument {
  static final String NODE = "<node>";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private SliceDocument() {}

  /** The pool as one array of slices, in the order given. */
  static JsonNode of(List<ResourceSlice> pool, String nodeName) {
    ArrayNode slices = NODES.arrayNode();
    pool.forEach(s -> slices.add(slice(s, nodeName)));
    return plain(slices);
  }

  /**
   * The tree as JSON reads it back: numbers as the smallest node that holds them, so that a tree
   * read from YAML equals one built from objects.
   */
  static JsonNode plain(JsonNode tree) {
    try {
      return JSON.readTree(JSON.writeValueAsString(tree));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot round-trip a JSON tree", e);
    }
  }

  private static JsonNode slice(ResourceSlice slice, String nodeName) {
    ObjectNode metadata = NODES.objectNode();
    String generateName = slice.getMetadata().getGenerateName();
    metadata.put(
        "generateName", generateName == null ? null : generateName.replace(nodeName, NODE));
    ArrayNode owners = metadata.putArray("ownerReferences");
    if (slice.getMetadata().getOwnerReferences() != null) {
      slice
          .getMetadata()
          .getOwnerReferences()
          .forEach(o ->
              owners
                  .addObject()
                  .put("apiVersion", o.getApiVersion())
                  .put("kind", o.getKind())
                  .put("name", o.getName().replace(nodeName, NODE))
                  .put("controller", o.getController()));
    }
    ObjectNode spec = JSON.valueToTree(slice.getSpec());
    spec.put("nodeName", NODE);
    ((ObjectNode) spec.get("pool")).put("name", NODE);
    if (spec.get("devices") instanceof ArrayNode devices) {
      List<JsonNode> sorted = new ArrayList<>();
      devices.forEach(sorted::add);
      sorted.sort(Comparator.comparing(d -> d.path("name").asText()));
      devices.removeAll();
      devices.addAll(sorted);
    }
    ObjectNode document = NODES.objectNode();
    document.set("metadata", metadata);
    document.set("spec", spec);
    return canonical(document);
  }

  /** The same tree with every object's keys sorted and empty values left out. */
  static JsonNode canonical(JsonNode node) {
    if (node.isObject()) {
      Map<String, JsonNode> sorted = new TreeMap<>();
      node.properties().forEach(e -> sorted.put(e.getKey(), canonical(e.getValue())));
      ObjectNode out = NODES.objectNode();
      sorted.forEach((k, v) -> {
        if (!v.isNull() && !(v.isContainerNode() && v.isEmpty())) {
          out.set(k, v);
        }
      });
      return out;
    }
    if (node.isArray()) {
      ArrayNode out = NODES.arrayNode();
      node.forEach(e -> out.add(canonical(e)));
      return out;
    }
    return node;
  }
}
