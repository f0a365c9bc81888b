package dev.gpudra.gpu.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.testfixtures.claims.TestClaims;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResultBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class AllocationCheckTest {
  private static final String RESULTS = "status.allocation.devices.results";
  private final AllocationCheck check = new AllocationCheck(TestClaims.DRIVER, "node-a");

  record Bad(String name, UnaryOperator<TestClaims> claim, String error) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static DeviceRequestAllocationResultBuilder ours() {
    return new DeviceRequestAllocationResultBuilder()
        .withRequest("gpu")
        .withDriver(TestClaims.DRIVER)
        .withPool("node-a")
        .withDevice("gpu-0");
  }

  static Stream<Bad> bad() {
    return Stream.of(
        new Bad(
            "result without device",
            c -> c.rawResult(ours().withDevice(null).build()),
            RESULTS + "[0].device: required, but missing"),
        new Bad(
            "result without request",
            c -> c.result("gpu", "gpu-1").rawResult(ours().withRequest("").build()),
            RESULTS + "[1].request: required, but missing"),
        new Bad(
            "result without pool",
            c -> c.rawResult(ours().withPool(null).build()),
            RESULTS + "[0].pool: required, but missing"),
        new Bad(
            "result without driver",
            c -> c.rawResult(ours().withDriver(null).build()),
            RESULTS + "[0].driver: required, but missing"),
        new Bad(
            "result from another node's pool",
            c -> c.rawResult(ours().withPool("n2").build()),
            RESULTS + "[0].pool: \"n2\" is not this node's pool \"node-a\""),
        new Bad(
            "the same device twice",
            c -> c.result("a", "gpu-0").result("b", "gpu-1").result("c", "gpu-0"),
            RESULTS + "[2].device: \"gpu-0\" is allocated twice (also " + RESULTS + "[0])"),
        new Bad(
            "the same device twice with the same share ID",
            c ->
                c.rawResult(ours().withShareID("s1").build())
                    .rawResult(ours().withShareID("s1").build()),
            "is allocated twice"),
        new Bad(
            "more results than the API allows",
            c -> {
              for (int i = 0; i <= AllocationCheck.MAX_RESULTS; i++) {
                c.result("r" + i, "gpu-" + i);
              }
              return c;
            },
            RESULTS + ": 33 results, the API allows 32"),
        new Bad(
            "more configs than the API allows",
            c -> {
              for (int i = 0; i <= AllocationCheck.MAX_CONFIGS; i++) {
                c.config("FromClaim", List.of(), Map.of());
              }
              return c.result("gpu", "gpu-0");
            },
            "status.allocation.devices.config: 65 entries, the API allows 64"),
        new Bad("not allocated", TestClaims::unallocated, "default/c is not allocated"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("bad")
  @DisplayName("a malformed allocation is refused naming the claim and the field")
  void refuses(Bad c) {
    ResourceClaim claim = c.claim().apply(TestClaims.claim("uid-1", "c")).build();
    assertThatThrownBy(() -> check.ours(claim))
        .isInstanceOf(InvalidClaimException.class)
        .hasMessageStartingWith("claim default/c")
        .hasMessageContaining(c.error());
  }

  @Test
  @DisplayName(
      "other drivers' results are skipped, even from other pools; one device under two share IDs"
          + " is two results")
  void keepsOurs() {
    DeviceRequestAllocationResult other =
        new DeviceRequestAllocationResultBuilder()
            .withRequest("nic")
            .withDriver("nic.example.com")
            .withPool("fabric")
            .withDevice("nic-0")
            .build();
    ResourceClaim claim =
        TestClaims.claim("uid-1", "c")
            .rawResult(ours().withShareID("s1").build())
            .rawResult(other)
            .rawResult(ours().withShareID("s2").build())
            .build();

    assertThat(check.ours(claim))
        .extracting(DeviceRequestAllocationResult::getShareID)
        .containsExactly("s1", "s2");
  }
}
