package dev.gpudra.demo.realnode;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.demo.DemoSpec;
import dev.gpudra.demo.SpecLibrary;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class GpuUuidsTest {
  private static final String PROFILE = "dgx-a100-mig";

  private static String uuid(String node, int index) {
    return new SimulatedNvml(new ProfileLoader().load(PROFILE), node).gpus().get(index).uuid();
  }

  @Test
  @DisplayName(
      "unhealthy-gpu's manifests name gpu-node-2's gpu-7; translated, the real node's gpu-7")
  void translatesTheScenariosUuid() {
    DemoSpec spec =
        SpecLibrary.locate(Path.of("").toAbsolutePath()).scenarios().stream()
            .filter(s -> s.name().equals("unhealthy-gpu"))
            .findFirst()
            .orElseThrow();
    assertThat(spec.manifests()).contains(uuid("gpu-node-2", 7));

    String translated =
        GpuUuids.between(PROFILE, "gpu-node-2", RealNodeCluster.NODE).translate(spec.manifests());

    assertThat(translated)
        .doesNotContain(uuid("gpu-node-2", 7))
        .contains(uuid(RealNodeCluster.NODE, 7));
    assertThat(uuid(RealNodeCluster.NODE, 7)).isNotEqualTo(uuid("gpu-node-2", 7));
  }

  @Test
  @DisplayName("manifests that name no UUID of the demo node stay as they are")
  void leavesOthers() {
    String yaml = "expression: device.attributes[\"gpu.nvidia.com\"].uuid == \"GPU-other\"\n";

    assertThat(GpuUuids.between(PROFILE, "gpu-node-2", RealNodeCluster.NODE).translate(yaml))
        .isEqualTo(yaml);
  }
}
