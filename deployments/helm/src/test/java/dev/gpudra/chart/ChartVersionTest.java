package dev.gpudra.chart;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each chart's version and appVersion are the project's version, which Jib tags the image with: a
 * chart installed at version X runs the image X by default. The release script sets all three.
 */
class ChartVersionTest {
  private static final Pattern PARENT_VERSION =
      Pattern.compile("<parent>.*?<version>([^<]+)</version>", Pattern.DOTALL);

  @ParameterizedTest(name = "{0}")
  @DisplayName("each chart's version and appVersion are the project's version")
  @ValueSource(strings = {"gpu-dra", "gpu-operator"})
  void chartAndImageShareTheProjectVersion(String chart) throws IOException {
    Matcher parent = PARENT_VERSION.matcher(Files.readString(Path.of("pom.xml")));
    assertThat(parent.find()).as("pom.xml names its parent's version").isTrue();
    JsonNode yaml =
        new ObjectMapper(new YAMLFactory()).readTree(Path.of(chart, "Chart.yaml").toFile());

    assertThat(yaml.path("version").asText()).isEqualTo(parent.group(1));
    assertThat(yaml.path("appVersion").asText()).isEqualTo(parent.group(1));
  }
}
