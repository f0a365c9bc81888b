package dev.gpudra.gpu.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.node.xid.HealthSettings;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigDevice;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * NVMLDeviceHealthCheck with DynamicMIG, as NVIDIA's after 0.5: an XID on a MIG device made at
 * prepare taints the placement it was published as, by the GI and CI NVML has for it now.
 */
class DynamicMigHealthIT {
  private static final String ONE_SLICE = "gpu-0-mig-1g10gb-19-0";
  private static final String OTHER_SLICE = "gpu-0-mig-1g10gb-19-1";

  @TempDir Path root;
  private PluginNode node;

  @BeforeEach
  void start() {
    node =
        PluginNode.start(
            root,
            PluginNode.Setup.defaults()
                .withProfile("dgx-h100")
                .withGates(FeatureGates.parse("DynamicMIG=true,NVMLDeviceHealthCheck=true"))
                .withHealth(HealthSettings.of(List.of(), List.of(), Duration.ofMinutes(10))));
  }

  @AfterEach
  void stop() {
    if (node != null) {
      node.close();
    }
  }

  private GpuInfo gpu0() {
    return node.plugin().parts().inventory().device("gpu-0").orElseThrow().gpu();
  }

  private List<String> taints(String device) {
    return node.taints(device);
  }

  @Test
  @DisplayName(
      "a non-fatal XID on a prepared MIG device taints its placement only; a fatal one every"
          + " device of the GPU, the whole GPU and every placement")
  void taintsThePreparedPlacement() {
    ClaimRef claim = node.claims.named("small").device("mig", ONE_SLICE).create();
    assertThat(node.prepare(claim).get(claim.uid()).error()).isEmpty();
    MigDevice made = node.gpus().migDevices(gpu0()).getFirst();

    node.gpus().injectXid(gpu0(), 43, made.gpuInstanceId(), made.computeInstanceId());

    await().until(() -> taints(ONE_SLICE).equals(List.of("gpu.nvidia.com/xid=43:None")));
    assertThat(taints(OTHER_SLICE)).isEmpty();
    assertThat(taints("gpu-0")).isEmpty();

    node.gpus().injectXid(gpu0(), 48, made.gpuInstanceId(), made.computeInstanceId());

    await().until(() -> taints("gpu-0").equals(List.of("gpu.nvidia.com/xid=48:NoSchedule")));
    assertThat(taints(ONE_SLICE)).containsExactly("gpu.nvidia.com/xid=48:NoSchedule");
    assertThat(taints(OTHER_SLICE)).containsExactly("gpu.nvidia.com/xid=48:NoSchedule");
    assertThat(taints("gpu-1")).isEmpty();
  }
}
