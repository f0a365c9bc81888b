package dev.gpudra.allocator;

import static dev.gpudra.allocator.Fixture.DRIVER;
import static dev.gpudra.allocator.Fixture.NODE_A;
import static dev.gpudra.allocator.Fixture.claim;
import static dev.gpudra.allocator.Fixture.cluster;
import static dev.gpudra.allocator.Fixture.exactly;
import static dev.gpudra.allocator.Fixture.gpu;
import static dev.gpudra.allocator.Fixture.nodeSlice;
import static dev.gpudra.allocator.Fixture.results;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceTaintBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceTolerationBuilder;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName("DeviceTaintRules taint the devices they select, as kube-scheduler 1.37 applies them")
class AllocatorTaintRulesTest {
  private final Allocator allocator = new Allocator(new FakeSelectorEvaluator());

  private static TaintRule rule(String name, Optional<TaintRule.Selector> selector, String effect) {
    return new TaintRule(
        name,
        selector,
        new DeviceTaintBuilder().withKey("gpu.nvidia.com/drain").withEffect(effect).build());
  }

  private static Optional<TaintRule.Selector> select(String driver, String pool, String device) {
    return Optional.of(
        new TaintRule.Selector(
            Optional.ofNullable(driver), Optional.ofNullable(pool), Optional.ofNullable(device)));
  }

  private AllocationOutcome allocate(DeviceRequest request, TaintRule... rules) {
    ClusterState state =
        cluster(List.of(nodeSlice("node-a", gpu("gpu-0", "pci0"), gpu("gpu-1", "pci0"))), Set.of())
            .withTaintRules(List.of(rules));
    return allocator.allocate(claim(request), state, NODE_A);
  }

  record Case(String name, Optional<TaintRule.Selector> selector, List<String> expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> selectors() {
    String gpu0 = "gpu=" + DRIVER + "/node-a/gpu-0";
    String gpu1 = "gpu=" + DRIVER + "/node-a/gpu-1";
    List<String> none = List.of();
    return Stream.of(
        new Case("no selector taints nothing", Optional.empty(), List.of(gpu0, gpu1)),
        new Case("an empty selector taints every device", select(null, null, null), none),
        new Case("device name alone", select(null, null, "gpu-0"), List.of(gpu1)),
        new Case("driver, pool and device", select(DRIVER, "node-a", "gpu-1"), List.of(gpu0)),
        new Case("the driver alone", select(DRIVER, null, null), none),
        new Case("another driver", select("other.example.com", null, null), List.of(gpu0, gpu1)),
        new Case("the pool alone", select(null, "node-a", null), none),
        new Case("another pool", select(DRIVER, "node-b", null), List.of(gpu0, gpu1)),
        new Case("a device of another pool", select(null, "node-b", "gpu-0"), List.of(gpu0, gpu1)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("selectors")
  @DisplayName("the selector's set fields must all equal the device's; without one, none match")
  void selectorMatching(Case c) {
    AllocationOutcome outcome =
        allocate(Fixture.all("gpu"), rule("drain", c.selector(), "NoSchedule"));
    List<String> usable =
        outcome.explanation().request("gpu").orElseThrow().candidates().stream()
            .filter(e -> e.outcome() != CandidateOutcome.TAINTED)
            .map(e -> "gpu=" + e.device())
            .toList();
    assertThat(usable).isEqualTo(c.expected());
  }

  @Test
  @DisplayName("a rejection by a rule names the taint and the rule")
  void namesRule() {
    AllocationOutcome outcome =
        allocate(exactly("gpu", 2), rule("drain-gpu-0", select(null, null, "gpu-0"), "NoExecute"));

    assertThat(outcome).isInstanceOf(Unsatisfiable.class);
    assertThat(outcome.explanation().request("gpu").orElseThrow().candidates())
        .filteredOn(c -> c.outcome() == CandidateOutcome.TAINTED)
        .singleElement()
        .satisfies(c -> {
          assertThat(c.device().device()).isEqualTo("gpu-0");
          assertThat(c.reason())
              .isEqualTo(
                  "taint gpu.nvidia.com/drain:NoExecute from DeviceTaintRule drain-gpu-0 is not"
                      + " tolerated by request gpu");
        });
  }

  @Test
  @DisplayName("a published taint is named before a rule's; of two rules, the first by name")
  void order() {
    Device published =
        new DeviceBuilder(gpu("gpu-0", "pci0"))
            .addNewTaint()
            .withKey("gpu.nvidia.com/xid")
            .withValue("79")
            .withEffect("NoSchedule")
            .endTaint()
            .build();
    ClusterState state =
        cluster(List.of(nodeSlice("node-a", published)), Set.of())
            .withTaintRules(
                List.of(
                    rule("zz", select(null, null, null), "NoSchedule"),
                    rule("aa", select(null, null, null), "NoExecute")));

    assertThat(reasons(allocator.allocate(claim(exactly("gpu", 1)), state, NODE_A)))
        .containsExactly("taint gpu.nvidia.com/xid=79:NoSchedule is not tolerated by request gpu");
    DeviceRequest toleratesXid =
        new DeviceRequestBuilder(exactly("gpu", 1))
            .editExactly()
            .withTolerations(
                new DeviceTolerationBuilder()
                    .withKey("gpu.nvidia.com/xid")
                    .withOperator("Exists")
                    .build())
            .endExactly()
            .build();
    assertThat(reasons(allocator.allocate(claim(toleratesXid), state, NODE_A)))
        .containsExactly(
            "taint gpu.nvidia.com/drain:NoExecute from DeviceTaintRule aa is not tolerated by"
                + " request gpu");
  }

  private static List<String> reasons(AllocationOutcome outcome) {
    return outcome.explanation().request("gpu").orElseThrow().candidates().stream()
        .map(CandidateExplanation::reason)
        .toList();
  }

  @Test
  @DisplayName("a rule's taint is tolerated like a published one; effect None never keeps a device")
  void tolerations() {
    TaintRule drain = rule("drain", select(null, null, "gpu-0"), "NoExecute");
    DeviceRequest tolerates =
        new DeviceRequestBuilder(exactly("gpu", 2))
            .editExactly()
            .withTolerations(
                new DeviceTolerationBuilder()
                    .withKey("gpu.nvidia.com/drain")
                    .withOperator("Exists")
                    .withEffect("NoExecute")
                    .build())
            .endExactly()
            .build();
    DeviceRequest wrongEffect =
        new DeviceRequestBuilder(tolerates)
            .editExactly()
            .editFirstToleration()
            .withEffect("NoSchedule")
            .endToleration()
            .endExactly()
            .build();

    assertThat(results(allocate(tolerates, drain))).hasSize(2);
    assertThat(results(allocate(wrongEffect, drain)))
        .singleElement()
        .asString()
        .startsWith("unsatisfiable");
    assertThat(results(allocate(exactly("gpu", 2), rule("note", select(null, null, null), "None"))))
        .hasSize(2);
  }
}
