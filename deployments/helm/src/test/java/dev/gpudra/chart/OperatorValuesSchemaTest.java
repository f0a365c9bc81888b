package dev.gpudra.chart;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The operator chart's values.schema.json is generated ({@link OperatorValuesSchema}). To
 * regenerate it after a CRD or overlay change: {@code ./mvnw -pl deployments/helm -am test
 * -Dtest=OperatorValuesSchemaTest -Dgpu-dra.update-chart=true
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class OperatorValuesSchemaTest {
  private static final Path FILE = Path.of("gpu-operator/values.schema.json");

  @Test
  @DisplayName("the committed schema is the generated one")
  void schemaIsCurrent() throws IOException {
    String rendered = OperatorValuesSchema.render();
    if (Boolean.getBoolean("gpu-dra.update-chart")) {
      Files.writeString(FILE, rendered);
    }
    assertThat(Files.readString(FILE))
        .as("stale %s: regenerate it (see this test's javadoc)", FILE)
        .isEqualTo(rendered);
  }

  @Test
  @DisplayName(
      "every key of values.yaml has a schema entry, and every object the schema describes is"
          + " closed")
  void everyValueIsDescribedAndEveryObjectClosed() throws IOException {
    JsonNode values =
        new ObjectMapper(new YAMLFactory()).readTree(Path.of("gpu-operator/values.yaml").toFile());
    JsonNode schema = new ObjectMapper().readTree(OperatorValuesSchema.render());
    List<String> problems = new ArrayList<>();
    compare("", values, schema, problems);
    assertThat(problems).isEmpty();
  }

  private static void compare(
      String path, JsonNode values, JsonNode schema, List<String> problems) {
    JsonNode properties = schema.get("properties");
    if (properties == null) {
      return; // free-form: a Kubernetes object (affinity, resources) or NFD's config file
    }
    if (!schema.path("additionalProperties").isBoolean()
        || schema.get("additionalProperties").asBoolean()) {
      problems.add(path + ": the schema must refuse unknown keys");
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
  }
}
