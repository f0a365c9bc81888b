package dev.gpudra.kit.claimstatus;

import dev.gpudra.kit.resourcehealth.DeviceHealth;
import io.fabric8.kubernetes.api.model.resource.v1.AllocatedDeviceStatus;
import io.fabric8.kubernetes.api.model.resource.v1.AllocatedDeviceStatusBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResultBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Claims allocated on pool {@code node-a}, for the claim status tests. */
final class ClaimSamples {
  static final String DRIVER = "gpu.nvidia.com";
  static final String POOL = "node-a";

  private ClaimSamples() {}

  static DeviceRequestAllocationResult result(String driver, String device) {
    return new DeviceRequestAllocationResultBuilder()
        .withRequest("gpu")
        .withDriver(driver)
        .withPool(POOL)
        .withDevice(device)
        .build();
  }

  static ResourceClaim claim(
      List<DeviceRequestAllocationResult> results, List<AllocatedDeviceStatus> devices) {
    return new ResourceClaimBuilder()
        .withNewMetadata()
        .withNamespace("default")
        .withName("claim")
        .withUid("uid-1")
        .withGeneration(3L)
        .endMetadata()
        .withNewSpec()
        .endSpec()
        .withNewStatus()
        .withNewAllocation()
        .withNewDevices()
        .withResults(results)
        .endDevices()
        .endAllocation()
        .withDevices(devices.isEmpty() ? null : devices)
        .endStatus()
        .build();
  }

  static AllocatedDeviceStatus entry(String driver, String device) {
    return new AllocatedDeviceStatusBuilder()
        .withDriver(driver)
        .withPool(POOL)
        .withDevice(device)
        .withData(Map.of("by", driver))
        .build();
  }

  static DeviceStatus healthy(String device, Map<String, Object> data) {
    return new DeviceStatus(POOL, device, Optional.empty(), DeviceHealth.Status.HEALTHY, "", data);
  }
}
