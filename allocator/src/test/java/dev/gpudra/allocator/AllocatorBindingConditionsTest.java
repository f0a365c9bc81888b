package dev.gpudra.allocator;

import static dev.gpudra.allocator.Fixture.NODE_A;
import static dev.gpudra.allocator.Fixture.claim;
import static dev.gpudra.allocator.Fixture.cluster;
import static dev.gpudra.allocator.Fixture.exactly;
import static dev.gpudra.allocator.Fixture.gpu;
import static dev.gpudra.allocator.Fixture.poolSlice;
import static dev.gpudra.allocator.Fixture.results;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.AllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Binding conditions (KEP-5007) as kube-scheduler 1.37 allocates them: beta, on by default. */
class AllocatorBindingConditionsTest {
  private final Allocator allocator = new Allocator(new FakeSelectorEvaluator());

  private static Device conditioned(String name, boolean bindsToNode) {
    return new DeviceBuilder(gpu(name, "pci0"))
        .withBindingConditions("example.com/attached")
        .withBindingFailureConditions("example.com/attach-failed")
        .withBindsToNode(bindsToNode ? Boolean.TRUE : null)
        .build();
  }

  private AllocationResult allocate(
      List<io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice> slices) {
    AllocationOutcome outcome =
        allocator.allocate(claim(exactly("gpu", 1)), cluster(slices, Set.of()), NODE_A);
    assertThat(outcome).as(results(outcome).toString()).isInstanceOf(Allocation.class);
    return ((Allocation) outcome).result();
  }

  @Test
  @DisplayName("the result copies the device's binding conditions and failure conditions")
  void copied() {
    AllocationResult result =
        allocate(
            List.of(
                poolSlice("a", "pool-a", 1, 1, conditioned("gpu-0", false)).withNode("node-a")));

    var device = result.getDevices().getResults().getFirst();
    assertThat(device.getBindingConditions()).containsExactly("example.com/attached");
    assertThat(device.getBindingFailureConditions()).containsExactly("example.com/attach-failed");
  }

  @Test
  @DisplayName("a pool with a device that has binding conditions is tried after the others")
  void conditionedPoolsLast() {
    AllocationResult result =
        allocate(
            List.of(
                poolSlice("a", "pool-a", 1, 1, conditioned("gpu-0", false)).withNode("node-a"),
                poolSlice("b", "pool-b", 1, 1, gpu("gpu-0", "pci0")).withNode("node-a")));

    assertThat(result.getDevices().getResults().getFirst().getPool()).isEqualTo("pool-b");
    assertThat(result.getDevices().getResults().getFirst().getBindingConditions()).isNull();
  }

  @Test
  @DisplayName("bindsToNode on a device every node reaches pins the allocation to the node")
  void bindsToNode() {
    AllocationResult result =
        allocate(List.of(poolSlice("a", "fabric", 1, 1, conditioned("gpu-0", true)).onAllNodes()));

    assertThat(result.getNodeSelector().getNodeSelectorTerms().getFirst().getMatchFields())
        .singleElement()
        .satisfies(f -> {
          assertThat(f.getKey()).isEqualTo("metadata.name");
          assertThat(f.getValues()).containsExactly("node-a");
        });
  }

  @Test
  @DisplayName("without bindsToNode a device every node reaches leaves the allocation unpinned")
  void unpinned() {
    assertThat(
            allocate(
                    List.of(
                        poolSlice("a", "fabric", 1, 1, conditioned("gpu-0", false)).onAllNodes()))
                .getNodeSelector())
        .isNull();
  }
}
