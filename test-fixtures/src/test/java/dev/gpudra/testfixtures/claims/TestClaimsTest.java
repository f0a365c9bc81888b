package dev.gpudra.testfixtures.claims;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResultBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class TestClaimsTest {
  @Test
  @DisplayName(
      "an allocated claim is default/<name> with its UID, a spec, and its results (driver, pool"
          + " node-a, admin access only when asked) and opaque configs in the order added")
  void allocatedClaim() {
    ResourceClaim claim =
        TestClaims.claim("uid-1", "c1")
            .result("a", "gpu-0")
            .result("b", "nic.example.com", "eth0", true)
            .config("FromClaim", List.of("a"), TestClaims.params("GpuConfig", Map.of()))
            .nonOpaqueConfig()
            .build();

    assertThat(claim.getMetadata().getNamespace()).isEqualTo("default");
    assertThat(claim.getMetadata().getName()).isEqualTo("c1");
    assertThat(claim.getMetadata().getUid()).isEqualTo("uid-1");
    assertThat(claim.getSpec()).isNotNull();
    var devices = claim.getStatus().getAllocation().getDevices();
    assertThat(devices.getResults())
        .extracting(
            r -> r.getRequest(),
            r -> r.getDriver(),
            r -> r.getPool(),
            r -> r.getDevice(),
            r -> r.getAdminAccess())
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("a", "gpu.nvidia.com", "node-a", "gpu-0", null),
            org.assertj.core.groups.Tuple.tuple("b", "nic.example.com", "node-a", "eth0", true));
    assertThat(devices.getConfig()).hasSize(2);
    assertThat(devices.getConfig().getFirst().getOpaque().getDriver()).isEqualTo("gpu.nvidia.com");
    assertThat(devices.getConfig().getFirst().getOpaque().getParameters())
        .isEqualTo(Map.of("apiVersion", "resource.nvidia.com/v1beta1", "kind", "GpuConfig"));
    assertThat(devices.getConfig().getLast().getOpaque()).isNull();
  }

  @Test
  @DisplayName(
      "the short forms: allocated(ns, name, uid, device) has one gpu/sub result in that namespace;"
          + " unallocated has a spec and no status; a raw result is kept as given")
  void shortForms() {
    ResourceClaim allocated = TestClaims.allocated("ns", "good", "uid-good", "gpu-1");
    assertThat(allocated.getMetadata().getNamespace()).isEqualTo("ns");
    assertThat(allocated.getStatus().getAllocation().getDevices().getResults())
        .singleElement()
        .satisfies(r -> {
          assertThat(r.getRequest()).isEqualTo("gpu/sub");
          assertThat(r.getDevice()).isEqualTo("gpu-1");
        });

    ResourceClaim pending = TestClaims.unallocated("ns", "pending", "uid-p");
    assertThat(pending.getSpec()).isNotNull();
    assertThat(pending.getStatus()).isNull();

    var raw = new DeviceRequestAllocationResultBuilder().withRequest("a").build();
    assertThat(TestClaims.claim("u", "c").rawResult(raw).build())
        .extracting(c -> c.getStatus().getAllocation().getDevices().getResults())
        .isEqualTo(List.of(raw));
  }
}
