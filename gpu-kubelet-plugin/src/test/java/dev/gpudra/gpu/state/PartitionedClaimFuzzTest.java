package dev.gpudra.gpu.state;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.api.v1beta1.ConfigDecoder;
import dev.gpudra.gpu.cdi.ClaimCdiSpecs;
import dev.gpudra.gpu.cdi.ClaimSpecBuilder;
import dev.gpudra.gpu.cdi.TestSpecBuilders;
import dev.gpudra.gpu.checkpoint.CheckpointStore;
import dev.gpudra.gpu.config.ConfigResolver;
import dev.gpudra.gpu.discovery.DeviceDiscovery;
import dev.gpudra.gpu.discovery.Inventory;
import dev.gpudra.gpu.mig.MigFeature;
import dev.gpudra.gpu.mig.MigPartitions;
import dev.gpudra.gpu.sharing.ClaimSharing;
import dev.gpudra.gpu.sharing.SharingFeature;
import dev.gpudra.gpu.sharing.TimeSlicing;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigMode;
import dev.gpudra.nvml.simulated.GpuSettings;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;

/**
 * The claim-to-devices path with time slices and MIG devices made on demand, on arbitrary claims:
 * whatever the claim, the driver answers as {@link ClaimPrepareFuzzTest} requires, and after
 * unprepare every simulated GPU is back at its defaults, no MIG device is left and MIG mode is off.
 * (A class of its own: Jazzer fuzzes one target per class.)
 */
class PartitionedClaimFuzzTest {
  private final SimulatedNvml gpus =
      new SimulatedNvml(new ProfileLoader().load("dgx-h100"), "node-a");
  private final Path dir;
  private final CheckpointStore partitionedCheckpoints;
  private final GpuDraDriver partitioned;

  PartitionedClaimFuzzTest() {
    try {
      dir = Files.createTempDirectory("claim-fuzz-mig");
      Path bootId = Files.writeString(dir.resolve("boot_id"), "boot-1\n");
      partitionedCheckpoints = new CheckpointStore(dir.resolve("plugin"), bootId);
      partitioned = new GpuDraDriver(partitionedState(dir));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @AfterEach
  void deleteNode() throws IOException {
    TempTrees.delete(dir);
  }

  /** H100s with TimeSlicingSettings and DynamicMIG: settings and MIG devices to undo. */
  private DeviceState partitionedState(Path dir) {
    Inventory inventory = new DeviceDiscovery(gpus).discover(true);
    DeviceLookup devices = DeviceLookup.of(inventory.byName());
    return new DeviceState(
        StateParts.of(
                "node-a",
                devices,
                new ConfigResolver(
                    FeatureGates.parse("TimeSlicingSettings=true,DynamicMIG=true"),
                    new ConfigDecoder()),
                new ClaimCdiSpecs(
                    TestSpecBuilders.simulated(), ClaimSpecBuilder.writer(dir.resolve("cdi"))),
                partitionedCheckpoints)
            .withFeatures(
                List.of(
                    new SharingFeature(
                        new ClaimSharing(
                            new TimeSlicing(gpus, gpus),
                            name -> devices.find(name).map(d -> d.gpu()))),
                    new MigFeature(new MigPartitions(gpus), devices, gpus.gpus()))));
  }

  @FuzzTest(maxDuration = "15s")
  @DictionaryEntries({
    "\"gpu.nvidia.com\"",
    "\"node-a\"",
    "\"gpu-0\"",
    "\"gpu-1\"",
    "\"gpu-0-mig-1g10gb-19-0\"",
    "\"gpu-0-mig-3g40gb-9-4\"",
    "\"gpu-0-mig-7g80gb-0-0\"",
    "\"request\"",
    "\"results\"",
    "\"adminAccess\"",
    "\"config\"",
    "\"GpuConfig\"",
    "\"MigDeviceConfig\"",
    "\"sharing\"",
    "\"strategy\"",
    "\"TimeSlicing\"",
    "\"timeSlicingConfig\"",
    "\"interval\"",
    "\"Long\"",
    "\"Short\""
  })
  @org.junit.jupiter.api.DisplayName(
      "with time slices and MIG devices made on demand, whatever the claim: after unprepare every"
          + " GPU is back at its defaults, no MIG device is left and MIG mode is off")
  void setsUpAndTearsDown(byte[] input) {
    Optional<ClaimRef> prepared = ClaimPrepareFuzzTest.prepare(partitioned, input);
    prepared.ifPresent(ref -> {
      assertThat(partitioned.unprepare(List.of(ref)).get(ref.uid()).error()).isEmpty();
      assertThat(partitionedCheckpoints.read().claims()).isEmpty();
      for (GpuInfo gpu : gpus.gpus()) {
        assertThat(gpus.settings(gpu)).as(gpu.uuid()).isEqualTo(GpuSettings.BOOT);
        assertThat(gpus.migDevices(gpu)).as(gpu.uuid()).isEmpty();
        assertThat(gpus.migMode(gpu)).as(gpu.uuid()).isEqualTo(MigMode.DISABLED);
      }
    });
  }
}
