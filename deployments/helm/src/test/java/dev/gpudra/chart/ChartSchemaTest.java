package dev.gpudra.chart;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * values.schema.json and values.yaml describe the same keys: every value has a schema entry (else
 * helm refuses the chart's own defaults), and every closed object of the schema lists only keys
 * values.yaml defines (else a key would be accepted that nothing documents) or keys the templates
 * refuse by name.
 */
class ChartSchemaTest {
  private static final Path CHART = Path.of("gpu-dra");
  private static final List<String> REFUSED_BY_NAME =
      List.of("namespace", "nvidiaCtkPath", "global");

  private final ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
  private final ObjectMapper json = new ObjectMapper();

  @Test
  @DisplayName("every key of values.yaml is in the schema, and the schema closes every object")
  void valuesAndSchemaAgree() throws IOException {
    JsonNode values = yaml.readTree(CHART.resolve("values.yaml").toFile());
    JsonNode schema = json.readTree(CHART.resolve("values.schema.json").toFile());
    List<String> problems = new ArrayList<>();
    compare("", values, schema, problems);
    assertThat(problems).isEmpty();
  }

  private void compare(String path, JsonNode values, JsonNode schema, List<String> problems) {
    JsonNode properties = schema.get("properties");
    if (properties == null) {
      return; // a free-form Kubernetes object (affinity, resources, securityContext, ...)
    }
    if (!schema.path("additionalProperties").isBoolean()
        || schema.get("additionalProperties").asBoolean()) {
      problems.add(path + ": the schema must refuse unknown keys (additionalProperties: false)");
    }
    for (Map.Entry<String, JsonNode> value : values.properties()) {
      String key = path.isEmpty() ? value.getKey() : path + "." + value.getKey();
      JsonNode entry = properties.get(value.getKey());
      if (entry == null) {
        problems.add(key + ": in values.yaml, not in the schema");
      } else if (value.getValue().isObject()) {
        compare(key, value.getValue(), entry, problems);
      }
    }
    for (Map.Entry<String, JsonNode> entry : properties.properties()) {
      if (!values.has(entry.getKey()) && !REFUSED_BY_NAME.contains(entry.getKey())) {
        problems.add(
            (path.isEmpty() ? "" : path + ".") + entry.getKey() + ": in the schema, not in values");
      }
    }
  }
}
