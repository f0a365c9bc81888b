package dev.gpudra.gpu.plugin;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.gpu.checkpoint.CheckpointDevice;
import dev.gpudra.gpu.checkpoint.CheckpointStore;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PreparedDevice;
import dev.gpudra.kit.checkpoint.CheckpointUnreadableException;
import dev.gpudra.kit.claimstatus.AttributeData;
import dev.gpudra.kit.claimstatus.ClaimStatusWriter;
import dev.gpudra.kit.claimstatus.DeviceStatusDriver;
import dev.gpudra.kit.claimstatus.HeldClaim;
import dev.gpudra.kit.claimstatus.KubernetesClaimStatus;
import dev.gpudra.kit.claimstatus.StatusMerge;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * With ClaimDeviceStatus, the driver reports each prepared device in its claim's {@code
 * status.devices}: {@code data} holds the attributes the device's ResourceSlice entry publishes
 * (for a MIG device that DynamicMIG created, with the UUID it got), and {@code Ready} follows the
 * device's health where NVMLDeviceHealthCheck watches it.
 */
final class ClaimStatusWiring {
  private ClaimStatusWiring() {}

  static Optional<DeviceStatusDriver> wrap(
      GpuPluginConfig config, KubernetesClient client, GpuDriverParts parts) {
    if (!config.featureGates().enabled(FeatureGate.CLAIM_DEVICE_STATUS)) {
      return Optional.empty();
    }
    ObjectMapper json = new ObjectMapper();
    MetadataAttributes attributes =
        new MetadataAttributes(parts.state(), config.deviceModel(parts.inventory().system()));
    return Optional.of(
        DeviceStatusDriver.start(
            parts.driver(),
            new ClaimStatusWriter(
                new KubernetesClaimStatus(client),
                new StatusMerge(GpuPluginConfig.DRIVER_NAME, json),
                Clock.systemUTC(),
                ClaimStatusWriter.FIRST_DELAY),
            new AttributeData(attributes, json),
            holding(parts.checkpoints())));
  }

  /** The completed claims of the checkpoint: a restarted plugin's entries follow health again. */
  private static List<HeldClaim> holding(CheckpointStore checkpoints) {
    try {
      List<HeldClaim> held = new ArrayList<>();
      checkpoints
          .read()
          .claims()
          .forEach((uid, claim) -> {
            if (claim.isCompleted()) {
              held.add(
                  new HeldClaim(
                      new ClaimRef(claim.namespace(), claim.name(), uid),
                      claim.devices().stream().map(ClaimStatusWiring::prepared).toList()));
            }
          });
      return held;
    } catch (CheckpointUnreadableException e) {
      return List.of(); // the plugin refuses claims and says why; nothing held to report
    }
  }

  private static PreparedDevice prepared(CheckpointDevice device) {
    return new PreparedDevice(
        device.requestNames(),
        device.pool(),
        device.device(),
        device.cdiDeviceIds(),
        Optional.ofNullable(device.shareId()));
  }
}
