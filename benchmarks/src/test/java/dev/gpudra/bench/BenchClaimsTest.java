package dev.gpudra.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class BenchClaimsTest {
  @DisplayName("a claim is allocated one device of the node's pool; admin access on both sides")
  @ParameterizedTest(name = "{0}")
  @EnumSource(BenchClaims.Access.class)
  void allocatesOneDevice(BenchClaims.Access access) {
    ResourceClaim claim = BenchClaims.claim("c-1", "node-a", "gpu-3", access);
    Boolean admin = access == BenchClaims.Access.ADMIN ? Boolean.TRUE : null;

    DeviceRequestAllocationResult result =
        claim.getStatus().getAllocation().getDevices().getResults().getFirst();
    assertThat(claim.getMetadata().getNamespace()).isEqualTo(BenchClaims.NAMESPACE);
    assertThat(result.getDriver()).isEqualTo("gpu.nvidia.com");
    assertThat(result.getPool()).isEqualTo("node-a");
    assertThat(result.getDevice()).isEqualTo("gpu-3");
    assertThat(result.getRequest()).isEqualTo(BenchClaims.REQUEST);
    assertThat(result.getAdminAccess()).isEqualTo(admin);
    assertThat(claim.getSpec().getDevices().getRequests().getFirst().getExactly().getAdminAccess())
        .isEqualTo(admin);
  }
}
