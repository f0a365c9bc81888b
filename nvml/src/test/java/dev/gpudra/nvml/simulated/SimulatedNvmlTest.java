package dev.gpudra.nvml.simulated;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.nvml.ComputeMode;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigDevice;
import dev.gpudra.nvml.MigMode;
import dev.gpudra.nvml.MigProfile;
import dev.gpudra.nvml.NvmlGpuLostException;
import dev.gpudra.nvml.NvmlNotFoundException;
import dev.gpudra.nvml.NvmlNotSupportedException;
import dev.gpudra.nvml.TimeSlice;
import dev.gpudra.nvml.XidEvent;
import dev.gpudra.nvml.XidWatch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("SimulatedNvml is a pure function of (profile, node name)")
class SimulatedNvmlTest {
  private final ProfileLoader loader = new ProfileLoader();

  private List<String> uuids(String profile, String node) {
    try (SimulatedNvml nvml = new SimulatedNvml(loader.load(profile), node)) {
      return nvml.gpus().stream()
          .flatMap(g ->
              Stream.concat(Stream.of(g.uuid()), nvml.migDevices(g).stream().map(MigDevice::uuid)))
          .toList();
    }
  }

  @Test
  @DisplayName("the same node gets the same GPU and MIG UUIDs every time")
  void sameNodeSameUuids() {
    assertThat(uuids("dgx-a100-mig", "node-a"))
        .isEqualTo(uuids("dgx-a100-mig", "node-a"))
        .hasSize(17);
  }

  @Test
  @DisplayName("another node, or another profile, gets different UUIDs")
  void differentNodeDifferentUuids() {
    List<String> a = uuids("dgx-a100-mig", "node-a");
    assertThat(a).doesNotContainAnyElementsOf(uuids("dgx-a100-mig", "node-b"));
    assertThat(a.subList(0, 8)).doesNotContainAnyElementsOf(uuids("dgx-a100", "node-a"));
    assertThat(a).doesNotHaveDuplicates();
  }

  @Test
  @DisplayName("UUIDs have NVML's GPU- and MIG- prefixes around a canonical UUID")
  void uuidFormat() {
    List<String> all = uuids("dgx-a100-mig", "node-a");
    assertThat(all.stream().filter(u -> u.startsWith("GPU-")))
        .hasSize(8)
        .allMatch(u -> u.matches("GPU-[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}"));
    assertThat(all.stream().filter(u -> !u.startsWith("GPU-")))
        .hasSize(9)
        .allMatch(u -> u.matches("MIG-[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}"));
  }

  @Test
  @DisplayName("without a pci section, GPUs come in pairs under one PCIe root")
  void defaultPciLayoutPairsGpus() {
    try (SimulatedNvml nvml = new SimulatedNvml(loader.load("hgx-h200"), "n")) {
      List<GpuInfo> gpus = nvml.gpus();
      assertThat(gpus)
          .extracting(GpuInfo::pcieRoot)
          .containsExactly(
              "pci0000:00",
              "pci0000:00",
              "pci0000:20",
              "pci0000:20",
              "pci0000:40",
              "pci0000:40",
              "pci0000:60",
              "pci0000:60");
      assertThat(gpus)
          .extracting(GpuInfo::pciBusId)
          .startsWith("0000:07:00.0", "0000:0f:00.0", "0000:27:00.0");
    }
  }

  @Test
  @DisplayName(
      "the paired layout moves to the next PCI domain after sixteen GPUs, pairs 5-9 on node 1")
  void pairedLayoutBeyondSixteen() {
    List<PciSlot> slots = PciSlot.pairedLayout(18);
    assertThat(slots.get(15))
        .isEqualTo(new PciSlot("0000:ef:00.0", "pci0000:e0", 1, List.of("plx7")));
    assertThat(slots.get(16))
        .isEqualTo(new PciSlot("0001:07:00.0", "pci0001:00", 1, List.of("plx8")));
  }

  @Test
  @DisplayName("MIG calls on a GPU without MIG answer empty; an unknown GPU is NOT_FOUND")
  void portEdges() {
    try (SimulatedNvml nvml = new SimulatedNvml(loader.load("l40s"), "n");
        SimulatedNvml other = new SimulatedNvml(loader.load("l40s"), "m")) {
      GpuInfo gpu = nvml.gpus().getFirst();
      assertThat(nvml.migProfiles(gpu)).isEmpty();
      assertThat(nvml.migDevices(gpu)).isEmpty();
      assertThatThrownBy(() -> nvml.migProfiles(other.gpus().getFirst()))
          .isInstanceOf(NvmlNotFoundException.class)
          .hasMessageContaining("has no GPU GPU-");
    }
  }

  @Test
  @DisplayName("a profile file loads from a path and is named after the file")
  void loadsFromFile(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("lab-node.yaml");
    Files.writeString(
        file,
        """
        driverVersion: "570.172.08"
        cudaDriverVersion: 12080
        gpus:
          - {count: 2, model: a30, migMode: Enabled, migDevices: [{profile: 2g.12gb+me, placement: 0}]}
        """);
    GpuProfile profile = loader.load(file.toString());
    assertThat(profile.name()).isEqualTo("lab-node");
    try (SimulatedNvml nvml = new SimulatedNvml(profile, "n")) {
      assertThat(nvml.migDevices(nvml.gpus().get(1)))
          .singleElement()
          .satisfies(d -> assertThat(d.profile().id()).isEqualTo(6));
    }
  }

  @Test
  @DisplayName("the custom-node example of docs/gpu-profiles.md loads")
  void docsExample() {
    String yaml =
        """
        driverVersion: "570.172.08"
        cudaDriverVersion: 12080
        gpus:
          - {count: 1, model: a30}
          - count: 1
            model: a30
            migMode: Enabled
            migDevices:
              - {profile: 2g.12gb+me, placement: 0}
              - {profile: 1g.6gb, placement: 2}
              - {profile: 1g.6gb, placement: 3}
        """;
    try (SimulatedNvml nvml =
        new SimulatedNvml(loader.parse("lab-a30", "lab-a30.yaml", yaml), "n")) {
      GpuInfo second = nvml.gpus().get(1);
      assertThat(nvml.migDevices(second))
          .extracting(d -> d.profile().name() + "@" + d.placement())
          .containsExactly("2g.12gb+me@0:2", "1g.6gb@2:1", "1g.6gb@3:1");
      assertThat(nvml.migProfiles(second)).extracting(p -> p.id()).containsExactly(14, 5, 0, 21, 6);
    }
  }

  @Test
  @DisplayName(
      "a GPU starts in compute mode DEFAULT with the default time slice and keeps what it is set to")
  void settingsFollowTheCalls() {
    try (SimulatedNvml nvml = new SimulatedNvml(loader.load("dgx-h100"), "n")) {
      GpuInfo first = nvml.gpus().get(0);
      GpuInfo second = nvml.gpus().get(1);
      assertThat(nvml.settings(first)).isEqualTo(GpuSettings.BOOT);

      nvml.setTimeSlice(first, TimeSlice.LONG);
      nvml.setComputeMode(first, ComputeMode.EXCLUSIVE_PROCESS);

      assertThat(nvml.settings(first))
          .isEqualTo(new GpuSettings(ComputeMode.EXCLUSIVE_PROCESS, TimeSlice.LONG));
      assertThat(nvml.computeMode(first)).isEqualTo(ComputeMode.EXCLUSIVE_PROCESS);
      assertThat(nvml.settings(second)).isEqualTo(GpuSettings.BOOT);
      assertThatThrownBy(() -> nvml.setComputeMode(first, ComputeMode.EXCLUSIVE_THREAD))
          .isInstanceOf(NvmlNotSupportedException.class);
    }
  }

  @Test
  @DisplayName(
      "persistence mode starts off, follows the calls beside the other settings, and is kept in the"
          + " state file for the next process")
  void persistenceMode(@TempDir Path dir) {
    Path state = dir.resolve("gpus.json");
    try (SimulatedNvml nvml = new SimulatedNvml(loader.load("dgx-h100"), "n", Optional.of(state))) {
      GpuInfo first = nvml.gpus().get(0);
      assertThat(nvml.persistenceMode(first)).isFalse();

      nvml.setTimeSlice(first, TimeSlice.LONG);
      nvml.setPersistenceMode(first, true);

      assertThat(nvml.persistenceMode(first)).isTrue();
      assertThat(nvml.settings(first))
          .isEqualTo(new GpuSettings(ComputeMode.DEFAULT, TimeSlice.LONG, true));
    }
    try (SimulatedNvml again =
        new SimulatedNvml(loader.load("dgx-h100"), "n", Optional.of(state))) {
      assertThat(again.persistenceMode(again.gpus().get(0))).isTrue();
    }
  }

  @Test
  @DisplayName(
      "an injected XID reaches every watch of its GPU, with the MIG device's GI/CI; a GPU that"
          + " refuses events is unwatched; a lost GPU fails the wait and later calls")
  void xidWatch() throws InterruptedException {
    try (SimulatedNvml nvml = new SimulatedNvml(loader.load("dgx-a100-mig"), "n")) {
      GpuInfo first = nvml.gpus().get(0);
      GpuInfo second = nvml.gpus().get(1);
      GpuInfo third = nvml.gpus().get(2);
      nvml.refuseXidEvents(third);
      try (XidWatch watch = nvml.watchXids(List.of(first, second, third))) {
        assertThat(watch.unwatched()).containsExactly(third);
        assertThat(watch.next(Duration.ofMillis(10))).isEmpty();

        nvml.injectXid(first, 79);
        nvml.injectXid(second, 43, 1, 0);
        nvml.injectXid(third, 48);

        assertThat(watch.next(Duration.ofSeconds(1))).contains(XidEvent.onGpu(first.uuid(), 79));
        assertThat(watch.next(Duration.ofSeconds(1)))
            .contains(new XidEvent(second.uuid(), 43, 1, 0));
        assertThat(watch.next(Duration.ofMillis(10))).as("the unwatched GPU's XID").isEmpty();

        nvml.loseGpu(second);
        assertThatThrownBy(() -> watch.next(Duration.ofSeconds(1)))
            .isInstanceOf(NvmlGpuLostException.class);
        assertThatThrownBy(() -> nvml.computeMode(second)).isInstanceOf(NvmlGpuLostException.class);
        assertThat(nvml.computeMode(first)).isEqualTo(ComputeMode.DEFAULT);
      }
    }
  }

  @Test
  @DisplayName(
      "a Hopper GPU turns MIG on, takes non-overlapping MIG devices with the lowest free GI and a"
          + " fresh UUID, gives them back, and turns MIG off only once empty")
  void createsAndDestroysMigDevices() {
    try (SimulatedNvml nvml = new SimulatedNvml(loader.load("dgx-h100"), "n")) {
      GpuInfo gpu = nvml.gpus().get(0);
      MigProfile oneSlice =
          nvml.migProfiles(gpu).stream().filter(p -> p.name().equals("1g.10gb")).findFirst().get();
      MigProfile threeSlices =
          nvml.migProfiles(gpu).stream().filter(p -> p.name().equals("3g.40gb")).findFirst().get();
      assertThat(nvml.migMode(gpu)).isEqualTo(MigMode.DISABLED);
      assertThatThrownBy(() -> nvml.createMigDevice(gpu, oneSlice, oneSlice.placements().get(0)))
          .hasMessageContaining("not in MIG mode");

      nvml.setMigMode(gpu, true);
      MigDevice first = nvml.createMigDevice(gpu, oneSlice, oneSlice.placements().get(0));
      MigDevice second = nvml.createMigDevice(gpu, threeSlices, threeSlices.placements().get(1));

      assertThat(first.gpuInstanceId()).isEqualTo(1);
      assertThat(second.gpuInstanceId()).isEqualTo(2);
      assertThat(nvml.migDevices(gpu)).containsExactly(first, second);
      assertThatThrownBy(
              () -> nvml.createMigDevice(gpu, threeSlices, threeSlices.placements().get(1)))
          .hasMessageContaining("overlaps GI 2");
      assertThatThrownBy(() -> nvml.setMigMode(gpu, false)).hasMessageContaining("still has 2");

      nvml.destroyMigDevice(gpu, 1, 0);
      MigDevice again = nvml.createMigDevice(gpu, oneSlice, oneSlice.placements().get(0));
      assertThat(again.gpuInstanceId()).isEqualTo(1);
      assertThat(again.uuid()).isNotEqualTo(first.uuid());
      assertThatThrownBy(() -> nvml.destroyMigDevice(gpu, 9, 0))
          .isInstanceOf(NvmlNotFoundException.class);
      nvml.destroyMigDevice(gpu, 1, 0);
      nvml.destroyMigDevice(gpu, 2, 0);
      nvml.setMigMode(gpu, false);
      assertThat(nvml.migDevices(gpu)).isEmpty();
    }
  }

  @Test
  @DisplayName("an Ampere GPU does not change MIG mode without a reset")
  void ampereNeedsReset() {
    try (SimulatedNvml nvml = new SimulatedNvml(loader.load("dgx-a100"), "n")) {
      GpuInfo gpu = nvml.gpus().get(0);
      assertThatThrownBy(() -> nvml.setMigMode(gpu, true)).hasMessageContaining("needs a reset");
    }
  }

  @Test
  @DisplayName(
      "with a state file, what the GPUs were set to (settings, MIG mode, MIG devices) outlives the"
          + " object: a new one on the same file finds it")
  void stateFileOutlivesTheProcess(@TempDir Path dir) {
    Path state = dir.resolve("simulated-gpus.json");
    MigDevice made;
    try (SimulatedNvml first =
        new SimulatedNvml(loader.load("dgx-h100"), "n", java.util.Optional.of(state))) {
      GpuInfo gpu = first.gpus().get(0);
      MigProfile profile = first.migProfiles(gpu).get(0);
      first.setMigMode(gpu, true);
      made = first.createMigDevice(gpu, profile, profile.placements().get(0));
      first.setTimeSlice(first.gpus().get(1), TimeSlice.SHORT);
    }

    try (SimulatedNvml second =
        new SimulatedNvml(loader.load("dgx-h100"), "n", java.util.Optional.of(state))) {
      GpuInfo gpu = second.gpus().get(0);
      assertThat(second.migMode(gpu)).isEqualTo(MigMode.ENABLED);
      assertThat(second.migDevices(gpu)).containsExactly(made);
      assertThat(second.settings(second.gpus().get(1)).timeSlice()).isEqualTo(TimeSlice.SHORT);
      MigProfile profile = second.migProfiles(gpu).get(0);
      assertThat(second.createMigDevice(gpu, profile, profile.placements().get(1)).uuid())
          .isNotEqualTo(made.uuid());
    }
  }
}
