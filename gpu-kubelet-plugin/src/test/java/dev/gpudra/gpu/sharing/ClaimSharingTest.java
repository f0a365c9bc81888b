package dev.gpudra.gpu.sharing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.api.v1beta1.GpuConfig;
import dev.gpudra.api.v1beta1.GpuSharing;
import dev.gpudra.api.v1beta1.MpsConfig;
import dev.gpudra.api.v1beta1.SharingStrategy;
import dev.gpudra.api.v1beta1.TimeSliceInterval;
import dev.gpudra.api.v1beta1.TimeSlicingConfig;
import dev.gpudra.gpu.checkpoint.CheckpointDevice;
import dev.gpudra.gpu.checkpoint.CheckpointV1;
import dev.gpudra.gpu.checkpoint.PreparedClaim;
import dev.gpudra.gpu.checkpoint.SharingRecord;
import dev.gpudra.gpu.config.AllocatedDevice;
import dev.gpudra.gpu.config.ConfigGroup;
import dev.gpudra.gpu.config.TestDevices;
import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.gpu.discovery.FullGpu;
import dev.gpudra.gpu.state.SharingConflictException;
import dev.gpudra.nvml.ComputeMode;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.TimeSlice;
import dev.gpudra.nvml.simulated.GpuSettings;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ClaimSharingTest {
  private final SimulatedNvml nvml = new SimulatedNvml(new ProfileLoader().load("dgx-h100"), "n");
  private final FullGpu gpu0 = new FullGpu(nvml.gpus().get(0));
  private final FullGpu gpu1 = new FullGpu(nvml.gpus().get(1));
  private final Map<String, AllocatableDevice> devices =
      Map.of(gpu0.name(), gpu0, gpu1.name(), gpu1);
  private final ClaimSharing sharing =
      new ClaimSharing(
          new TimeSlicing(nvml, nvml),
          name -> Optional.ofNullable(devices.get(name)).map(AllocatableDevice::gpu));

  @AfterEach
  void close() {
    nvml.close();
  }

  private static GpuConfig slicing(TimeSliceInterval interval) {
    return new GpuConfig(
        new GpuSharing(SharingStrategy.TIME_SLICING, new TimeSlicingConfig(interval), null));
  }

  private static AllocatedDevice allocated(AllocatableDevice device, boolean adminAccess) {
    return new AllocatedDevice("gpu", "n", device, adminAccess, Optional.empty());
  }

  private static CheckpointDevice record(AllocatableDevice device, String timeSlice) {
    return new CheckpointDevice(
            device.name(),
            device.type().attribute(),
            device.uuid(),
            List.of("gpu"),
            "n",
            List.of(),
            false,
            null,
            null,
            null,
            null)
        .withSharing(SharingRecord.timeSliced(timeSlice));
  }

  private static CheckpointV1 holding(String uid, CheckpointDevice... devices) {
    return new CheckpointV1(
        "boot", Map.of(uid, PreparedClaim.started("ns", "other").completed(List.of(devices))));
  }

  private GpuSettings settings(FullGpu gpu) {
    return nvml.settings(gpu.gpu());
  }

  private SharingRecord plan(dev.gpudra.api.v1beta1.DeviceConfig config, AllocatedDevice device) {
    return sharing.plan("uid", new ConfigGroup(config, List.of(device))).devices().get(device);
  }

  @Test
  @DisplayName(
      "TimeSlicing plans its interval for full GPUs only: not for MIG devices, admin access or MPS")
  void plansTimeSlicesForFullGpus() {
    GpuConfig mps = new GpuConfig(new GpuSharing(SharingStrategy.MPS, null, MpsConfig.empty()));

    assertThat(plan(slicing(TimeSliceInterval.LONG), allocated(gpu0, false)).timeSlice())
        .isEqualTo("Long");
    assertThat(plan(slicing(TimeSliceInterval.LONG), allocated(gpu0, true)).isEmpty()).isTrue();
    assertThat(
            plan(slicing(TimeSliceInterval.LONG), allocated(TestDevices.mig(2, 1, 0, 0), false))
                .isEmpty())
        .isTrue();
    assertThat(plan(mps, allocated(gpu0, false)).timeSlice()).isNull();
    assertThat(plan(new GpuConfig(null), allocated(gpu0, false)).isEmpty()).isTrue();
  }

  @Test
  @DisplayName(
      "MPS plans one daemon per group, named as NVIDIA's from the claim UID and the sorted UUIDs;"
          + " admin access stays out")
  void plansOneDaemonPerGroup() {
    GpuConfig mps =
        new GpuConfig(
            new GpuSharing(
                SharingStrategy.MPS,
                null,
                new MpsConfig(
                    40, null, Map.of("1", new io.fabric8.kubernetes.api.model.Quantity("1Gi")))));
    AllocatedDevice first = allocated(gpu1, false);
    AllocatedDevice second = allocated(gpu0, false);
    AllocatedDevice watcher = allocated(gpu0, true);

    GroupSharing group =
        sharing.plan("claim-uid", new ConfigGroup(mps, List.of(first, second, watcher)));

    List<String> sorted = java.util.stream.Stream.of(gpu0.uuid(), gpu1.uuid()).sorted().toList();
    dev.gpudra.gpu.mps.MpsDaemon daemon = group.daemon().orElseThrow();
    assertThat(daemon.uuids()).isEqualTo(sorted);
    assertThat(daemon.id()).matches("claim-uid-[0-9a-f]{5}");
    assertThat(daemon.name()).isEqualTo("mps-control-daemon-" + daemon.id());
    assertThat(daemon.activeThreadPercentage()).contains(40);
    assertThat(daemon.pinnedLimitsMiB()).containsExactly(Map.entry(sorted.get(1), 1024L));
    assertThat(group.devices().get(first).mpsControlDaemonId()).isEqualTo(daemon.id());
    assertThat(group.devices().get(second).mpsControlDaemonId()).isEqualTo(daemon.id());
    assertThat(group.devices().get(watcher).isEmpty()).isTrue();
    assertThat(
            sharing
                .plan("claim-uid", new ConfigGroup(mps, List.of(second, first)))
                .daemon()
                .orElseThrow()
                .id())
        .as("the same devices in another order: the same daemon")
        .isEqualTo(daemon.id());
  }

  @Test
  @DisplayName(
      "on a shared GPU (consumable capacity) the MPS limit is the memory the claim consumed,"
          + " unless its config sets one")
  void mpsLimitFromConsumedMemory() {
    GpuConfig mps = new GpuConfig(new GpuSharing(SharingStrategy.MPS, null, MpsConfig.empty()));
    AllocatedDevice share =
        new AllocatedDevice(
            "gpu", "n", gpu0, false, Optional.of("s"), java.util.OptionalLong.of(20L << 30));
    AllocatedDevice other =
        new AllocatedDevice(
            "gpu", "n", gpu1, false, Optional.of("t"), java.util.OptionalLong.of(0));

    dev.gpudra.gpu.mps.MpsDaemon daemon =
        sharing.plan("uid", new ConfigGroup(mps, List.of(share, other))).daemon().orElseThrow();

    assertThat(daemon.pinnedLimitsMiB())
        .as("nothing consumed: no limit")
        .containsExactly(Map.entry(gpu0.uuid(), 20480L));
  }

  @Test
  @DisplayName(
      "a claim without settings cannot join a GPU an MPS server holds (EXCLUSIVE_PROCESS); an"
          + " admin-access watcher can")
  void nothingJoinsAnMpsGpu() {
    CheckpointV1 checkpoint =
        holding("uid-b", record(gpu0, null).withSharing(SharingRecord.mps("uid-b-abcde")));

    assertThatThrownBy(
            () -> sharing.checkConflicts("ns/a", "uid-a", List.of(record(gpu0, null)), checkpoint))
        .isInstanceOf(SharingConflictException.class)
        .hasMessageContaining("asks for it without MPS");
    CheckpointDevice watcher =
        new CheckpointDevice(
            gpu0.name(),
            "gpu",
            gpu0.uuid(),
            List.of("w"),
            "n",
            List.of(),
            true,
            null,
            null,
            null,
            null);
    sharing.checkConflicts("ns/a", "uid-a", List.of(watcher), checkpoint);
  }

  @Test
  @DisplayName(
      "a GPU one claim shares through MPS is refused to any other setting, and the reverse")
  void mpsConflictsWithAnySettingBesideIt() {
    CheckpointDevice mpsHeld = record(gpu0, null).withSharing(SharingRecord.mps("uid-b-abcde"));
    CheckpointV1 checkpoint = holding("uid-b", mpsHeld);

    assertThatThrownBy(() ->
            sharing.checkConflicts("ns/a", "uid-a", List.of(record(gpu0, "Long")), checkpoint))
        .isInstanceOf(SharingConflictException.class)
        .hasMessageContaining("shared through MPS control daemon uid-b-abcde")
        .hasMessageContaining("an MPS server holds its GPU alone");
    assertThatThrownBy(() ->
            sharing.checkConflicts(
                "ns/a",
                "uid-a",
                List.of(record(gpu0, null).withSharing(SharingRecord.mps("uid-a-12345"))),
                holding("uid-b", record(gpu0, "Default"))))
        .isInstanceOf(SharingConflictException.class)
        .hasMessageContaining("is time-sliced \"Default\"")
        .hasMessageContaining("asks for MPS");
  }

  @Test
  @DisplayName(
      "applying sets compute mode DEFAULT and the time slice; release goes back to Default")
  void appliesAndReleases() {
    nvml.setComputeMode(gpu0.gpu(), ComputeMode.EXCLUSIVE_PROCESS);
    List<CheckpointDevice> planned = List.of(record(gpu0, "Medium"), record(gpu1, null));

    sharing.apply("ns/a", planned, List.of());

    assertThat(settings(gpu0)).isEqualTo(new GpuSettings(ComputeMode.DEFAULT, TimeSlice.MEDIUM));
    assertThat(settings(gpu1)).isEqualTo(GpuSettings.BOOT);

    sharing.release("a", planned, new CheckpointV1("boot", Map.of()));

    assertThat(settings(gpu0)).isEqualTo(GpuSettings.BOOT);
  }

  @Test
  @DisplayName("a GPU another prepared claim holds with a time slice keeps it when one is released")
  void releaseKeepsWhatAnotherClaimHolds() {
    List<CheckpointDevice> planned = List.of(record(gpu0, "Long"));
    sharing.apply("ns/a", planned, List.of());

    sharing.release("a", planned, holding("b", record(gpu0, "Long")));
    assertThat(settings(gpu0).timeSlice()).isEqualTo(TimeSlice.LONG);

    sharing.release("a", planned, holding("a", record(gpu0, "Long")));
    assertThat(settings(gpu0).timeSlice())
        .as("the claim's own entry does not keep the setting")
        .isEqualTo(TimeSlice.DEFAULT);
  }

  @Test
  @DisplayName(
      "a time slice other than the one a prepared claim holds the GPU with is refused, naming both")
  void conflictingTimeSliceIsRefused() {
    CheckpointV1 checkpoint = holding("uid-b", record(gpu0, "Long"));

    assertThatThrownBy(() ->
            sharing.checkConflicts("ns/a", "uid-a", List.of(record(gpu0, "Short")), checkpoint))
        .isInstanceOf(SharingConflictException.class)
        .hasMessage(
            "claim ns/a: GPU \"gpu-0\" is time-sliced \"Long\" for claim uid-b (ns/other) and"
                + " this claim asks for \"Short\": a GPU has one time slice, so the claim waits"
                + " until that claim is released");
    sharing.checkConflicts("ns/a", "uid-a", List.of(record(gpu0, "Long")), checkpoint);
    sharing.checkConflicts("ns/a", "uid-a", List.of(record(gpu1, "Short")), checkpoint);
    sharing.checkConflicts("ns/a", "uid-b", List.of(record(gpu0, "Short")), checkpoint);
  }

  @Test
  @DisplayName("a node that takes no settings fails a claim that asks for one, and nothing else")
  void noneRefusesSettings() {
    ClaimSharing none = ClaimSharing.NONE;
    none.apply("ns/a", List.of(record(gpu0, null)), List.of());

    assertThatThrownBy(() -> none.apply("ns/a", List.of(record(gpu0, "Long")), List.of()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("take no time slice settings");
  }

  @Test
  @DisplayName("a released GPU that is gone from the node is skipped")
  void goneGpuIsSkipped() {
    GpuInfo gone = TestDevices.gpuInfo(7, dev.gpudra.nvml.MigMode.DISABLED);
    CheckpointDevice record = record(new FullGpu(gone), "Long");

    sharing.release("a", List.of(record), new CheckpointV1("boot", Map.of()));

    assertThat(settings(gpu0)).isEqualTo(GpuSettings.BOOT);
  }
}
