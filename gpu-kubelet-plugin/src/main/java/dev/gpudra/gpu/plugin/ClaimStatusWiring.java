package dev.gpudra.gpu.plugin;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.gpu.slices.DeviceModel;
import dev.gpudra.kit.claimstatus.AttributeData;
import dev.gpudra.kit.claimstatus.ClaimStatusWriter;
import dev.gpudra.kit.claimstatus.DeviceStatusDriver;
import dev.gpudra.kit.claimstatus.KubernetesClaimStatus;
import dev.gpudra.kit.claimstatus.StatusMerge;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
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
        new MetadataAttributes(parts.state(), new DeviceModel(parts.inventory().system()));
    return Optional.of(
        DeviceStatusDriver.start(
            parts.driver(),
            new ClaimStatusWriter(
                new KubernetesClaimStatus(client),
                new StatusMerge(GpuPluginConfig.DRIVER_NAME, json),
                Clock.systemUTC(),
                ClaimStatusWriter.FIRST_DELAY),
            new AttributeData(attributes, json)));
  }
}
