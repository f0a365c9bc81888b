package dev.gpudra.allocator;

import static dev.gpudra.allocator.Fixture.NODE_A;
import static dev.gpudra.allocator.Fixture.all;
import static dev.gpudra.allocator.Fixture.claim;
import static dev.gpudra.allocator.Fixture.cluster;
import static dev.gpudra.allocator.Fixture.exactly;
import static dev.gpudra.allocator.Fixture.gpu;
import static dev.gpudra.allocator.Fixture.nodeSlice;
import static dev.gpudra.allocator.Fixture.poolSlice;
import static dev.gpudra.allocator.Fixture.results;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName("which pools, slices and devices the node sees, and in which order")
class AllocatorPoolsTest {

  private final Allocator allocator = new Allocator(new FakeSelectorEvaluator());

  /** Pool "shared" has two slices in generation 2 but only one is published yet. */
  private static final ResourceSlice HALF_PUBLISHED =
      poolSlice("shared-0", "shared", 2, 2, gpu("gpu-s0", "pci0")).onAllNodes();

  record Case(String name, List<ResourceSlice> slices, ResourceClaim claim, List<String> expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case(
            "slices for other nodes are ignored, all-nodes slices count",
            List.of(
                nodeSlice("node-b", gpu("gpu-b", "pci0")),
                poolSlice("net", "net", 1, 1, gpu("gpu-n", "pci0")).onAllNodes()),
            claim(all("gpus")),
            List.of("gpus=gpu.example.com/net/gpu-n")),
        new Case(
            "a slice whose node selector does not match the node is ignored",
            List.of(
                poolSlice("z2", "zone-2", 1, 1, gpu("gpu-z2", "pci0"))
                    .onNodesLabelled("zone", "z2"),
                poolSlice("z1", "zone-1", 1, 1, gpu("gpu-z1", "pci0"))
                    .onNodesLabelled("zone", "z1")),
            claim(all("gpus")),
            List.of("gpus=gpu.example.com/zone-1/gpu-z1")),
        new Case(
            "only the highest generation of a pool counts",
            List.of(
                poolSlice("old", "node-a", 1, 1, gpu("gpu-old", "pci0")).withNode("node-a"),
                poolSlice("new", "node-a", 2, 1, gpu("gpu-new", "pci0")).withNode("node-a")),
            claim(all("gpus")),
            List.of("gpus=gpu.example.com/node-a/gpu-new")),
        new Case(
            "pools in pool-name order, slices in slice-name order",
            List.of(
                poolSlice("b-2", "b-pool", 1, 2, gpu("gpu-b2", "pci0")).withNode("node-a"),
                poolSlice("b-1", "b-pool", 1, 2, gpu("gpu-b1", "pci0")).withNode("node-a"),
                poolSlice("a-1", "a-pool", 1, 1, gpu("gpu-a1", "pci0")).withNode("node-a")),
            claim(exactly("gpu", 3)),
            List.of(
                "gpu=gpu.example.com/a-pool/gpu-a1",
                "gpu=gpu.example.com/b-pool/gpu-b1",
                "gpu=gpu.example.com/b-pool/gpu-b2")),
        new Case(
            "ExactCount uses an incomplete pool, as the scheduler does",
            List.of(HALF_PUBLISHED),
            claim(exactly("gpu", 1)),
            List.of("gpu=gpu.example.com/shared/gpu-s0")));
  }

  @ParameterizedTest(name = "{0}")
  @DisplayName("pools are read as kube-scheduler reads them")
  @MethodSource("cases")
  void readsPools(Case c) {
    assertThat(results(allocator.allocate(c.claim(), cluster(c.slices(), Set.of()), NODE_A)))
        .containsExactlyElementsOf(c.expected());
  }

  @Test
  @DisplayName("All fails while any pool of the node is incomplete, even one it would not use")
  void allWithIncompletePool() {
    List<ResourceSlice> slices = List.of(nodeSlice("node-a", gpu("gpu-0", "pci0")), HALF_PUBLISHED);

    AllocationOutcome outcome =
        allocator.allocate(claim(all("gpus")), cluster(slices, Set.of()), NODE_A);

    assertThat(outcome)
        .isInstanceOfSatisfying(
            Unsatisfiable.class,
            u -> {
              assertThat(u.reason()).isEqualTo(FailureReason.INCOMPLETE_POOL);
              assertThat(u.message())
                  .isEqualTo(
                      "request gpus asks for all devices, but pool gpu.example.com/shared is being updated"
                          + " (1 of 2 slices of generation 2)");
            });
    assertThat(outcome.explanation().pools())
        .extracting(p -> p.pool() + ":" + p.state())
        .containsExactly("node-a:COMPLETE", "shared:INCOMPLETE");
  }

  @Test
  @DisplayName("the search fails when it reaches a pool with duplicate device names")
  void invalidPool() {
    List<ResourceSlice> slices =
        List.of(
            nodeSlice("node-a", gpu("gpu-0", "pci0")),
            poolSlice("z-1", "z-pool", 1, 2, gpu("gpu-9", "pci0")).withNode("node-a"),
            poolSlice("z-2", "z-pool", 1, 2, gpu("gpu-9", "pci0")).withNode("node-a"));

    AllocationOutcome first =
        allocator.allocate(claim(exactly("gpu", 1)), cluster(slices, Set.of()), NODE_A);
    AllocationOutcome second =
        allocator.allocate(claim(exactly("gpu", 2)), cluster(slices, Set.of()), NODE_A);

    assertThat(results(first)).containsExactly("gpu=gpu.example.com/node-a/gpu-0");
    assertThat(second)
        .isInstanceOfSatisfying(
            Unsatisfiable.class, u -> assertThat(u.reason()).isEqualTo(FailureReason.INVALID_POOL));
    assertThat(second.explanation().request("gpu").orElseThrow().candidates())
        .extracting(CandidateExplanation::outcome)
        .containsExactly(
            CandidateOutcome.MATCHED, CandidateOutcome.POOL_INVALID, CandidateOutcome.POOL_INVALID);
  }

  @Test
  @DisplayName(
      "devices only from node-selector and all-nodes slices: the selector is merged, or none")
  void resultNodeSelector() {
    ResourceSlice zone =
        poolSlice("z1", "zone-1", 1, 1, gpu("gpu-z1", "pci0")).onNodesLabelled("zone", "z1");
    ResourceSlice everywhere = poolSlice("net", "net", 1, 1, gpu("gpu-n", "pci0")).onAllNodes();

    Allocation both =
        (Allocation)
            allocator.allocate(
                claim(all("gpus")), cluster(List.of(zone, everywhere), Set.of()), NODE_A);
    Allocation anywhere =
        (Allocation)
            allocator.allocate(claim(all("gpus")), cluster(List.of(everywhere), Set.of()), NODE_A);

    assertThat(both.result().getNodeSelector().getNodeSelectorTerms())
        .singleElement()
        .satisfies(t -> {
          assertThat(t.getMatchExpressions())
              .isEqualTo(
                  zone.getSpec()
                      .getNodeSelector()
                      .getNodeSelectorTerms()
                      .get(0)
                      .getMatchExpressions());
          assertThat(t.getMatchFields()).isNullOrEmpty();
        });
    assertThat(anywhere.result().getNodeSelector()).isNull();
  }
}
