package dev.gpudra.gpu.state;

import static dev.gpudra.testfixtures.claims.TestClaims.claim;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.api.v1beta1.ConfigDecoder;
import dev.gpudra.gpu.cdi.ClaimCdiSpecs;
import dev.gpudra.gpu.cdi.ClaimSpecBuilder;
import dev.gpudra.gpu.cdi.TestSpecBuilders;
import dev.gpudra.gpu.checkpoint.CheckpointStore;
import dev.gpudra.gpu.checkpoint.PreparedClaim;
import dev.gpudra.gpu.config.ConfigResolver;
import dev.gpudra.gpu.discovery.AbstractMigDevice;
import dev.gpudra.gpu.discovery.DeviceDiscovery;
import dev.gpudra.gpu.discovery.Inventory;
import dev.gpudra.gpu.mig.MigFeature;
import dev.gpudra.gpu.mig.MigPartitions;
import dev.gpudra.gpu.sharing.ClaimSharing;
import dev.gpudra.gpu.sharing.SharingFeature;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigDevice;
import dev.gpudra.nvml.MigMode;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** DynamicMIG's crash paths on the simulated NVML: nothing a claim created outlives the claim. */
class DynamicMigStateTest {
  static final String UID_A = "aaaaaaaa-0000-0000-0000-000000000001";
  static final String UID_B = "bbbbbbbb-0000-0000-0000-000000000002";
  static final String SMALL = "gpu-0-mig-1g10gb-19-0";
  static final String BIG = "gpu-0-mig-3g40gb-9-4";

  @TempDir Path dir;
  private final SimulatedNvml nvml = new SimulatedNvml(new ProfileLoader().load("dgx-h100"), "n");
  private Inventory inventory;
  private CheckpointStore checkpoints;
  private DeviceState state;
  private GpuInfo gpu0;

  @BeforeEach
  void setUp() throws Exception {
    Path bootId = Files.writeString(dir.resolve("boot_id"), "boot-1\n");
    inventory = new DeviceDiscovery(nvml).discover(true);
    gpu0 = inventory.device("gpu-0").orElseThrow().gpu();
    checkpoints = new CheckpointStore(dir.resolve("plugin"), bootId);
    DeviceLookup devices = DeviceLookup.of(inventory.byName());
    state =
        new DeviceState(
            StateParts.of(
                    "node-a",
                    devices,
                    new ConfigResolver(FeatureGates.parse("DynamicMIG=true"), new ConfigDecoder()),
                    new ClaimCdiSpecs(
                        TestSpecBuilders.simulated(), ClaimSpecBuilder.writer(dir.resolve("cdi"))),
                    checkpoints)
                .withFeatures(
                    List.of(
                        new SharingFeature(ClaimSharing.NONE),
                        new MigFeature(new MigPartitions(nvml), devices, List.of(gpu0)))));
  }

  @AfterEach
  void close() {
    nvml.close();
  }

  private AbstractMigDevice abstractDevice(String name) {
    return (AbstractMigDevice) inventory.device(name).orElseThrow();
  }

  /** What a crash right after creating the device leaves: a PrepareStarted entry, a live device. */
  private void crashedAfterCreating(String uid, String device) {
    AbstractMigDevice mig = abstractDevice(device);
    nvml.setMigMode(gpu0, true);
    nvml.createMigDevice(gpu0, mig.profile(), mig.placement());
    checkpoints.update(cp ->
        cp.withClaim(
            uid,
            PreparedClaim.started(
                "default",
                "a",
                List.of(
                    DeviceRecords.toCheckpoint(
                        uid,
                        new dev.gpudra.gpu.config.AllocatedDevice(
                            "mig", "node-a", mig, false, Optional.empty()))))));
  }

  @Test
  @DisplayName(
      "a claim that crashed after creating its MIG device: the roll-back finds it by profile and"
          + " placement and destroys it, and MIG mode goes off")
  void rollBackDestroysOrphan() {
    crashedAfterCreating(UID_A, SMALL);

    assertThat(state.rollBackStarted(UID_A)).isTrue();

    assertThat(nvml.migDevices(gpu0)).isEmpty();
    assertThat(nvml.migMode(gpu0)).isEqualTo(MigMode.DISABLED);
  }

  @Test
  @DisplayName(
      "the kubelet's retry of a claim that crashed after creating its device rolls back and"
          + " prepares again: one live device, recorded")
  void retryAfterCrash() {
    crashedAfterCreating(UID_A, SMALL);

    state.prepare(claim(UID_A, "a").result("mig", SMALL).build());

    List<MigDevice> live = nvml.migDevices(gpu0);
    assertThat(live).hasSize(1);
    assertThat(checkpoints.read().claims().get(UID_A).devices())
        .singleElement()
        .satisfies(d -> assertThat(d.uuid()).isEqualTo(live.get(0).uuid()));
  }

  @Test
  @DisplayName(
      "at start every MIG device no completed claim holds is destroyed; a held one stays, and a"
          + " rolled-back neighbour does not take it")
  void startDestroysUnheld() {
    state.prepare(claim(UID_B, "b").result("mig", BIG).build());
    crashedAfterCreating(UID_A, SMALL);

    assertThat(state.cleanUpAtStart()).hasSize(1);

    assertThat(nvml.migDevices(gpu0))
        .singleElement()
        .satisfies(m -> assertThat(m.placement().start()).isEqualTo(4));
    assertThat(state.rollBackStarted(UID_A)).isTrue();
    assertThat(nvml.migDevices(gpu0)).hasSize(1);
    state.unprepare(new ClaimRef("default", "b", UID_B));
    assertThat(nvml.migDevices(gpu0)).isEmpty();
  }
}
