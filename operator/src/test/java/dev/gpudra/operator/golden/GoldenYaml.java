package dev.gpudra.operator.golden;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An object as stable YAML: every mapping's keys sorted, lists in their order, no document marker,
 * so that the same object always gives the same bytes and a diff names the field that moved.
 */
final class GoldenYaml {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectMapper YAML =
      new ObjectMapper(
          YAMLFactory.builder()
              .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
              .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
              .build());

  private GoldenYaml() {}

  static String of(Object object) {
    try {
      return YAML.writeValueAsString(sorted(JSON.valueToTree(object)));
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static JsonNode sorted(JsonNode node) {
    if (node instanceof ObjectNode object) {
      List<Map.Entry<String, JsonNode>> fields = new ArrayList<>(object.properties());
      fields.sort(Map.Entry.comparingByKey());
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      fields.forEach(f -> out.set(f.getKey(), sorted(f.getValue())));
      return out;
    }
    if (node instanceof ArrayNode array) {
      ArrayNode out = JsonNodeFactory.instance.arrayNode();
      array.forEach(e -> out.add(sorted(e)));
      return out;
    }
    return node;
  }
}
