package dev.gpudra.deviceclasses.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class AllocatedDevicesTest {

  private static ResourceClaim claim(String name) {
    return new ResourceClaimBuilder().withNewMetadata().withName(name).endMetadata().build();
  }

  private static ResourceClaim allocated(String name, String device, boolean adminAccess) {
    return new ResourceClaimBuilder(claim(name))
        .withNewStatus()
        .withNewAllocation()
        .withNewDevices()
        .addNewResult()
        .withRequest("gpu")
        .withDriver("gpu.nvidia.com")
        .withPool("node-a")
        .withDevice(device)
        .withAdminAccess(adminAccess ? Boolean.TRUE : null)
        .endResult()
        .endDevices()
        .endAllocation()
        .endStatus()
        .build();
  }

  @Test
  @DisplayName("allocated devices are collected from every claim's status; unallocated add none")
  void collected() {
    assertThat(
            AllocatedDevices.of(
                List.of(
                    allocated("c", "gpu-0", false), allocated("d", "gpu-3", false), claim("e"))))
        .extracting(Object::toString)
        .containsExactlyInAnyOrder("gpu.nvidia.com/node-a/gpu-0", "gpu.nvidia.com/node-a/gpu-3");
  }

  @Test
  @DisplayName("a device allocated with admin access stays available to other claims")
  void adminAccessDoesNotHoldTheDevice() {
    assertThat(
            AllocatedDevices.of(
                List.of(allocated("c", "gpu-0", false), allocated("admin", "gpu-1", true))))
        .extracting(Object::toString)
        .containsExactly("gpu.nvidia.com/node-a/gpu-0");
  }
}
