package dev.gpudra.gpu.state;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.api.v1beta1.ConfigDecoder;
import dev.gpudra.gpu.cdi.ClaimCdiSpecs;
import dev.gpudra.gpu.cdi.ClaimSpecBuilder;
import dev.gpudra.gpu.cdi.TestSpecBuilders;
import dev.gpudra.gpu.checkpoint.CheckpointStore;
import dev.gpudra.gpu.config.ConfigResolver;
import dev.gpudra.gpu.config.TestDevices;
import dev.gpudra.gpu.sharing.ClaimSharing;
import dev.gpudra.gpu.sharing.SharingFeature;
import dev.gpudra.kit.cdi.CdiSpecWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** A node in a temp directory: two GPUs and one MIG device, checkpoint, CDI root, boot ID. */
final class TestNode {
  static final String MIG = "gpu-2-mig-1g5gb-19-0";

  final Path dir;
  final Path cdiRoot;
  final CheckpointStore checkpoints;
  final CdiSpecWriter specs;
  final DeviceState state;
  final CheckpointRecovery recovery;

  TestNode(Path dir) throws IOException {
    this(dir, List.of(new SharingFeature(ClaimSharing.NONE)), StepObserver.NONE);
  }

  /** A node whose prepares run {@code features}, telling {@code steps} each durable step. */
  TestNode(Path dir, List<DeviceFeature> features, StepObserver steps) throws IOException {
    this.dir = dir;
    Path bootId = dir.resolve("boot_id");
    Files.writeString(bootId, "boot-1\n");
    cdiRoot = dir.resolve("cdi");
    checkpoints = new CheckpointStore(dir.resolve("plugin"), bootId);
    specs = ClaimSpecBuilder.writer(cdiRoot);
    DeviceLookup devices =
        DeviceLookup.of(
            Map.of(
                "gpu-0",
                TestDevices.gpu(0),
                "gpu-1",
                TestDevices.gpu(1),
                MIG,
                TestDevices.mig(2, 1, 0, 0)));
    ClaimCdiSpecs claimSpecs = new ClaimCdiSpecs(TestSpecBuilders.simulated(), specs);
    state =
        new DeviceState(
            StateParts.of(
                    "node-a",
                    devices,
                    new ConfigResolver(FeatureGates.defaults(), new ConfigDecoder()),
                    claimSpecs,
                    checkpoints)
                .withSteps(steps)
                .withFeatures(features));
    recovery = new CheckpointRecovery(checkpoints, claimSpecs, devices, "node-a");
  }

  Path specFile(String uid) {
    return specs.pathFor(uid);
  }
}
