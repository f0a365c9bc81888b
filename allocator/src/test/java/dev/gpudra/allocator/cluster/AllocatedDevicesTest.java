package dev.gpudra.allocator.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.allocator.DeviceId;
import dev.gpudra.allocator.DevicesInUse;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
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
                        allocated("c", "gpu-0", false), allocated("d", "gpu-3", false), claim("e")))
                .exclusive())
        .extracting(Object::toString)
        .containsExactlyInAnyOrder("gpu.nvidia.com/node-a/gpu-0", "gpu.nvidia.com/node-a/gpu-3");
  }

  @Test
  @DisplayName(
      "results with a share ID hold no device whole; their consumed capacity adds up per device and"
          + " capacity")
  void sharesAddUp() {
    DevicesInUse inUse =
        AllocatedDevices.of(
            List.of(
                shared("c", "gpu-0", "10Gi"),
                shared("d", "gpu-0", "6Gi"),
                shared("e", "gpu-1", "1Mi")));

    assertThat(inUse.exclusive()).isEmpty();
    assertThat(inUse.consumed()).hasSize(2);
    assertThat(inUse.consumed().get(new DeviceId("gpu.nvidia.com", "node-a", "gpu-0")))
        .containsOnlyKeys("memory")
        .hasEntrySatisfying(
            "memory", m -> assertThat(m).isEqualByComparingTo(new BigDecimal(16L << 30)));
    assertThat(inUse.shared(new DeviceId("gpu.nvidia.com", "node-a", "gpu-1"))).isTrue();
  }

  private static ResourceClaim shared(String name, String device, String memory) {
    ResourceClaim claim = allocated(name, device, false);
    var result = claim.getStatus().getAllocation().getDevices().getResults().get(0);
    result.setShareID(java.util.UUID.nameUUIDFromBytes(name.getBytes()).toString());
    result.setConsumedCapacity(Map.of("memory", new Quantity(memory)));
    return claim;
  }

  @Test
  @DisplayName("a device allocated with admin access stays available to other claims")
  void adminAccessDoesNotHoldTheDevice() {
    assertThat(
            AllocatedDevices.of(
                    List.of(allocated("c", "gpu-0", false), allocated("admin", "gpu-1", true)))
                .exclusive())
        .extracting(Object::toString)
        .containsExactly("gpu.nvidia.com/node-a/gpu-0");
  }
}
