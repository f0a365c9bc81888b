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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Without a Helm binary here, at least every value a template reads must exist in values.yaml, or
 * be a key the schema declares for the templates to refuse by name ({@code namespace}).
 */
class ChartValuesTest {
  private static final Pattern VALUE = Pattern.compile("\\.Values((?:\\.[A-Za-z][A-Za-z0-9_]*)+)");

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"gpu-dra", "gpu-operator"})
  @DisplayName("every .Values path a chart's templates use is defined in its values.yaml")
  void valuesDefined(String name) throws IOException {
    Path chart = Path.of(name);
    JsonNode values =
        new ObjectMapper(new YAMLFactory()).readTree(chart.resolve("values.yaml").toFile());
    Path schemaFile = chart.resolve("values.schema.json");
    JsonNode schema =
        Files.exists(schemaFile)
            ? new ObjectMapper().readTree(schemaFile.toFile()).path("properties")
            : new ObjectMapper().createObjectNode();
    List<String> missing = new ArrayList<>();
    try (Stream<Path> templates = Files.list(chart.resolve("templates"))) {
      for (Path template : templates.toList()) {
        Matcher m = VALUE.matcher(Files.readString(template));
        while (m.find()) {
          JsonNode node = values;
          for (String key : m.group(1).substring(1).split("\\.")) {
            node = node == null ? null : node.get(key);
          }
          if (node == null && !schema.has(m.group(1).substring(1))) {
            missing.add(template.getFileName() + ": .Values" + m.group(1));
          }
        }
      }
    }
    assertThat(missing).isEmpty();
  }
}
