package dev.gpudra.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The chart's DeviceClasses template is generated from the model. To regenerate it after a model
 * change: {@code ./mvnw -pl deployments/helm -am test -Dtest=HelmDeviceClassesTest
 * -Dgpu-dra.update-chart=true -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class HelmDeviceClassesTest {
  private final String rendered = new HelmDeviceClasses().render();

  @Test
  @DisplayName("the committed chart's DeviceClasses template matches the model")
  void chartIsCurrent() throws IOException {
    Path file = Path.of(HelmDeviceClasses.CHART_FILE);
    if (Boolean.getBoolean("gpu-dra.update-chart")) {
      Files.writeString(file, rendered);
    }
    assertThat(Files.readString(file))
        .as("stale %s: regenerate it (see this test's javadoc)", file)
        .isEqualTo(rendered);
  }

  @Test
  @DisplayName("each driver's classes sit under its own enabled flag, with NVIDIA's exact CEL")
  void conditionalsAndSelectors() {
    assertThat(rendered)
        .contains("{{- if .Values.resources.gpus.enabled }}")
        .contains("{{- if .Values.resources.computeDomains.enabled }}")
        .contains(
            "{{- if .Values.deviceClasses.extendedResourceName }}\n  extendedResourceName: nvidia.com/gpu\n{{- end }}")
        .contains(
            "expression: \"device.driver == 'gpu.nvidia.com' && device.attributes['gpu.nvidia.com'].type == 'mig'\"")
        .contains(
            "device.attributes['compute-domain.nvidia.com'].type == 'channel' && device.attributes['compute-domain.nvidia.com'].id == 0");
  }
}
