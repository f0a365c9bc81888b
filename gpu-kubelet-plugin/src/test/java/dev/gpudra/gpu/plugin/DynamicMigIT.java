package dev.gpudra.gpu.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.gpu.checkpoint.CheckpointDevice;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigDevice;
import dev.gpudra.nvml.MigMode;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DynamicMIG through the kubelet stand-in on simulated H100s: partitionable devices with shared
 * counters in the slices, MIG devices created through the simulated NVML on prepare and destroyed
 * on unprepare, MIG mode on and off around them.
 */
class DynamicMigIT {
  private static final String ONE_SLICE = "gpu-0-mig-1g10gb-19-0";
  private static final String THREE_SLICES = "gpu-0-mig-3g40gb-9-4";

  @TempDir Path root;
  private PluginNode node;

  @BeforeEach
  void start() {
    node =
        PluginNode.start(
            root,
            PluginNode.Setup.defaults()
                .withProfile("dgx-h100")
                .withGates(FeatureGates.parse("DynamicMIG=true")));
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

  private List<ResourceSlice> slices() {
    return node.client.resources(ResourceSlice.class).list().getItems();
  }

  @Test
  @DisplayName(
      "the pool is a counters-only slice and one slice per GPU: the whole GPU consumes its whole"
          + " counter set, each MIG profile at each placement its share")
  void publishesPartitionableDevices() {
    await().until(() -> slices().size() == 9);
    List<ResourceSlice> slices = slices();
    ResourceSlice counters =
        slices.stream().filter(s -> !isEmpty(s.getSpec().getSharedCounters())).findFirst().get();
    assertThat(counters.getSpec().getDevices()).isNullOrEmpty();
    assertThat(counters.getSpec().getSharedCounters())
        .extracting(c -> c.getName())
        .contains("gpu-0-counter-set", "gpu-7-counter-set")
        .hasSize(8);
    assertThat(counters.getSpec().getSharedCounters().get(0).getCounters())
        .containsKeys("multiprocessors", "memory", "memory-slice-0", "memory-slice-7");
    Device whole = device("gpu-0");
    assertThat(whole.getConsumesCounters())
        .singleElement()
        .satisfies(c -> {
          assertThat(c.getCounterSet()).isEqualTo("gpu-0-counter-set");
          assertThat(c.getCounters()).containsKey("memory-slice-7");
        });
    Device mig = device(ONE_SLICE);
    assertThat(mig.getAttributes()).doesNotContainKey("uuid").containsKeys("profile", "parentUUID");
    assertThat(mig.getConsumesCounters().get(0).getCounters())
        .containsKey("memory-slice-0")
        .doesNotContainKey("memory-slice-1");
    assertThat(slices.stream().filter(s -> !isEmpty(s.getSpec().getDevices())))
        .allSatisfy(s -> assertThat(s.getSpec().getSharedCounters()).isNullOrEmpty());
  }

  private static boolean isEmpty(List<?> list) {
    return list == null || list.isEmpty();
  }

  private Device device(String name) {
    return slices().stream()
        .filter(s -> !isEmpty(s.getSpec().getDevices()))
        .flatMap(s -> s.getSpec().getDevices().stream())
        .filter(d -> d.getName().equals(name))
        .findFirst()
        .orElseThrow();
  }

  @Test
  @DisplayName(
      "prepare creates the MIG devices (MIG mode on first), records GI/CI/UUID and writes their"
          + " CDI edits; unprepare destroys them and turns MIG mode off")
  void createsAndDestroys() throws Exception {
    ClaimRef claim =
        node.claims.named("parts").device("small", ONE_SLICE).device("big", THREE_SLICES).create();

    PrepareResult result = node.prepare(claim).get(claim.uid());

    assertThat(result.error()).isEmpty();
    assertThat(node.gpus().migMode(gpu0())).isEqualTo(MigMode.ENABLED);
    List<MigDevice> live = node.gpus().migDevices(gpu0());
    assertThat(live)
        .extracting(m -> m.profile().name() + "@" + m.placement())
        .containsExactlyInAnyOrder("1g.10gb@0:1", "3g.40gb@4:4");
    List<CheckpointDevice> records = node.entry(claim.uid()).orElseThrow().devices();
    assertThat(records)
        .extracting(CheckpointDevice::device, CheckpointDevice::uuid)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(ONE_SLICE, uuidAt(live, 0)),
            org.assertj.core.groups.Tuple.tuple(THREE_SLICES, uuidAt(live, 4)));
    assertThat(Files.readString(node.dirs.specFile(claim.uid())))
        .contains(claim.uid() + "-" + ONE_SLICE)
        .contains("/dev/nvidia0");

    assertThat(node.unprepare(claim).get(claim.uid()).error()).isEmpty();

    assertThat(node.gpus().migDevices(gpu0())).isEmpty();
    assertThat(node.gpus().migMode(gpu0())).isEqualTo(MigMode.DISABLED);
  }

  private static String uuidAt(List<MigDevice> live, int start) {
    return live.stream().filter(m -> m.placement().start() == start).findFirst().get().uuid();
  }

  @Test
  @DisplayName(
      "a whole GPU is handed out with MIG mode off; a MIG device on a GPU whose placement is"
          + " taken fails its claim naming NVML's refusal, and leaves nothing")
  void wholeGpuAndRefusal() {
    ClaimRef whole = node.claims.named("whole").device("gpu", "gpu-1").create();
    assertThat(node.prepare(whole).get(whole.uid()).error()).isEmpty();

    ClaimRef first = node.claims.named("first").device("mig", THREE_SLICES).create();
    assertThat(node.prepare(first).get(first.uid()).error()).isEmpty();
    ClaimRef overlapping =
        node.claims.named("overlap").device("mig", "gpu-0-mig-1g10gb-19-4").create();

    String error = node.prepare(overlapping).get(overlapping.uid()).error();

    assertThat(error).contains("overlaps GI");
    assertThat(node.gpus().migDevices(gpu0())).hasSize(1);
  }
}
