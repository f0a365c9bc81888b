package dev.gpudra.kit.dra;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResultBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;

/** Test ResourceClaims. */
final class TestClaims {
  private TestClaims() {}

  static ResourceClaim unallocated(String namespace, String name, String uid) {
    return new ResourceClaimBuilder()
        .withNewMetadata()
        .withNamespace(namespace)
        .withName(name)
        .withUid(uid)
        .endMetadata()
        .withNewSpec()
        .endSpec()
        .build();
  }

  static ResourceClaim allocated(String namespace, String name, String uid, String device) {
    return new ResourceClaimBuilder(unallocated(namespace, name, uid))
        .withNewStatus()
        .withNewAllocation()
        .withNewDevices()
        .addToResults(
            new DeviceRequestAllocationResultBuilder()
                .withRequest("gpu/sub")
                .withDriver("gpu.example.com")
                .withPool("node-a")
                .withDevice(device)
                .build())
        .endDevices()
        .endAllocation()
        .endStatus()
        .build();
  }
}
