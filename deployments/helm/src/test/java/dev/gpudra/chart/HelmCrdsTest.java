package dev.gpudra.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The chart's CRDs are generated from the api module. To regenerate them after a model change:
 * {@code ./mvnw -pl deployments/helm -am test -Dtest=HelmCrdsTest -Dgpu-dra.update-chart=true
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class HelmCrdsTest {
  private final Map<String, String> rendered = HelmCrds.draDriver().render();

  static Stream<HelmCrds> charts() {
    return Stream.of(HelmCrds.draDriver(), HelmCrds.operator());
  }

  @ParameterizedTest
  @MethodSource("charts")
  @DisplayName("each committed chart's crds/ match the model, file for file")
  void chartIsCurrent(HelmCrds crds) throws IOException {
    Map<String, String> rendered = crds.render();
    Path dir = Path.of(crds.chartDir());
    if (Boolean.getBoolean("gpu-dra.update-chart")) {
      Files.createDirectories(dir);
      for (var file : rendered.entrySet()) {
        Files.writeString(dir.resolve(file.getKey()), file.getValue());
      }
    }
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(f -> f.getFileName().toString()))
          .as("files in %s", dir)
          .containsExactlyInAnyOrderElementsOf(rendered.keySet());
    }
    for (var file : rendered.entrySet()) {
      assertThat(Files.readString(dir.resolve(file.getKey())))
          .as("stale %s: regenerate it (see this test's javadoc)", file.getKey())
          .isEqualTo(file.getValue());
    }
  }

  @Test
  @DisplayName(
      "NVIDIA's file names; YAML that keeps defaults, the CEL rule and the status subresource")
  void namesAndContent() {
    assertThat(rendered.keySet())
        .containsExactly(
            "resource.nvidia.com_computedomains.yaml",
            "resource.nvidia.com_computedomaincliques.yaml");
    assertThat(rendered.get("resource.nvidia.com_computedomains.yaml"))
        .contains("name: computedomains.resource.nvidia.com")
        .contains("rule: self == oldSelf")
        .contains("message: A computeDomain.spec is immutable")
        .contains("default: Single")
        .contains("default: 0")
        .contains("x-kubernetes-list-map-keys:\n")
        .contains("subresources:\n      status: {}");
    assertThat(HelmCrds.operator().render().keySet())
        .containsExactly(
            "nvidia.com_clusterpolicies.yaml",
            "nvidia.com_gpuclusters.yaml",
            "nvidia.com_nvidiadrivers.yaml",
            "resource.nvidia.com_computedomains.yaml",
            "resource.nvidia.com_computedomaincliques.yaml",
            "nfd.k8s-sigs.io_nodefeatures.yaml",
            "nfd.k8s-sigs.io_nodefeaturegroups.yaml",
            "nfd.k8s-sigs.io_nodefeaturerules.yaml");
    assertThat(HelmCrds.operator().render().get("nfd.k8s-sigs.io_nodefeaturerules.yaml"))
        .startsWith("# Generated from the api module (NfdCrds)")
        .contains("name: nodefeaturerules.nfd.k8s-sigs.io")
        .contains("scope: Cluster")
        .contains("format: date-time");
  }
}
