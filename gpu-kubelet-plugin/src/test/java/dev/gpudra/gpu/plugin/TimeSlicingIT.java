package dev.gpudra.gpu.plugin;

import static dev.gpudra.gpu.plugin.ApiClaims.params;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.gpu.checkpoint.CheckpointDevice;
import dev.gpudra.gpu.checkpoint.PreparedClaim;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.nvml.ComputeMode;
import dev.gpudra.nvml.TimeSlice;
import dev.gpudra.nvml.simulated.GpuSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TimeSlicingSettings through the kubelet stand-in's gRPC calls, with the simulated NVML's GPU
 * settings read back: what NVIDIA's {@code gpu-test6}/{@code test_gpu_sharing} claims ask for.
 */
class TimeSlicingIT {
  /** DGX A100 with static MIG: gpu-0 and gpu-1 are split, gpu-2 to gpu-7 are whole. */
  private static final String PROFILE = "dgx-a100-mig";

  private static final FeatureGates ON = FeatureGates.parse("TimeSlicingSettings=true");

  @TempDir Path root;
  private PluginNode node;

  @AfterEach
  void stop() {
    if (node != null) {
      node.close();
    }
  }

  private PluginNode start(FeatureGates gates) {
    node =
        PluginNode.start(root, PluginNode.Setup.defaults().withProfile(PROFILE).withGates(gates));
    return node;
  }

  private static Map<String, Object> timeSlicing(String interval) {
    return params(
        "GpuConfig",
        Map.of(
            "sharing",
            Map.of("strategy", "TimeSlicing", "timeSlicingConfig", Map.of("interval", interval))));
  }

  /** A claim for one GPU whose GpuConfig asks for this TimeSlicing interval. */
  private ClaimRef sliced(String name, String device, String interval) {
    return node.claims
        .named(name)
        .device("gpu", device)
        .config(List.of("gpu"), timeSlicing(interval))
        .create();
  }

  private String error(ClaimRef claim) {
    PrepareResult result = node.prepare(claim).get(claim.uid());
    return result.error();
  }

  @Test
  @DisplayName(
      "a claim's TimeSlicing interval is set on its GPU on prepare, recorded in the checkpoint,"
          + " and back to Default on unprepare")
  void setsAndResetsTheTimeSlice() {
    start(ON);
    ClaimRef claim = sliced("long", "gpu-2", "Long");
    node.gpus()
        .setComputeMode(
            node.plugin().parts().inventory().device("gpu-2").orElseThrow().gpu(),
            ComputeMode.PROHIBITED);

    assertThat(error(claim)).isEmpty();

    assertThat(node.settings("gpu-2"))
        .isEqualTo(new GpuSettings(ComputeMode.DEFAULT, TimeSlice.LONG));
    assertThat(node.settings("gpu-3")).isEqualTo(GpuSettings.BOOT);
    assertThat(node.entry(claim.uid()).orElseThrow().devices())
        .extracting(d -> d.sharingOrNone().timeSlice())
        .containsExactly("Long");

    assertThat(node.unprepare(claim).get(claim.uid()).error()).isEmpty();
    assertThat(node.settings("gpu-2").timeSlice()).isEqualTo(TimeSlice.DEFAULT);
  }

  @Test
  @DisplayName(
      "with the gate on, a GPU without a config keeps its time slice, as NVIDIA's 0.5 default"
          + " GpuConfig (no sharing); MIG devices get no time slice")
  void defaultConfigAndMig() {
    start(ON);
    node.gpus()
        .setTimeSlice(
            node.plugin().parts().inventory().device("gpu-4").orElseThrow().gpu(), TimeSlice.SHORT);
    ClaimRef claim =
        node.claims
            .named("plain")
            .device("gpu", "gpu-4")
            .device("mig", "gpu-0-mig-1g5gb-19-0")
            .config(
                List.of("mig"),
                params("MigDeviceConfig", Map.of("sharing", Map.of("strategy", "TimeSlicing"))))
            .create();

    assertThat(error(claim)).isEmpty();

    assertThat(node.settings("gpu-4").timeSlice())
        .as("no config, nothing set")
        .isEqualTo(TimeSlice.SHORT);
    assertThat(node.settings("gpu-0-mig-1g5gb-19-0"))
        .as("the MIG device's parent")
        .isEqualTo(GpuSettings.BOOT);
    PreparedClaim entry = node.entry(claim.uid()).orElseThrow();
    assertThat(entry.devices())
        .extracting(CheckpointDevice::device, d -> d.sharingOrNone().timeSlice())
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("gpu-4", null),
            org.assertj.core.groups.Tuple.tuple("gpu-0-mig-1g5gb-19-0", null));
  }

  @Test
  @DisplayName(
      "one kubelet call with two claims sets each claim's interval on its own GPU; a bad interval"
          + " fails its claim only, before anything is set")
  void claimsOfOneCallGetTheirOwnIntervals() {
    start(ON);
    ClaimRef shortSlices = sliced("short", "gpu-5", "Short");
    ClaimRef bad = sliced("bad", "gpu-6", "Tiny");
    ClaimRef medium = sliced("medium", "gpu-7", "Medium");

    Map<String, PrepareResult> results = node.prepare(shortSlices, bad, medium);

    assertThat(results.get(shortSlices.uid()).error()).isEmpty();
    assertThat(results.get(medium.uid()).error()).isEmpty();
    assertThat(results.get(bad.uid()).error())
        .contains(
            "unknown time-slice interval: Tiny, supported intervals: Default, Short, Medium, Long")
        .contains("default/bad");
    assertThat(node.settings("gpu-5").timeSlice()).isEqualTo(TimeSlice.SHORT);
    assertThat(node.settings("gpu-6")).isEqualTo(GpuSettings.BOOT);
    assertThat(node.settings("gpu-7").timeSlice()).isEqualTo(TimeSlice.MEDIUM);
    assertThat(node.entry(bad.uid())).isEmpty();
  }

  @Test
  @DisplayName(
      "with the gate off, a TimeSlicing config fails its claim naming the gate, and no GPU is set")
  void gateOffRefuses() {
    start(FeatureGates.defaults());
    ClaimRef claim = sliced("long", "gpu-2", "Long");

    assertThat(error(claim))
        .contains(
            "\"TimeSlicing\" is selected as the GPU sharing strategy, but the"
                + " \"TimeSlicingSettings\" feature gate is not enabled");
    assertThat(node.settings("gpu-2")).isEqualTo(GpuSettings.BOOT);
  }
}
