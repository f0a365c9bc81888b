package dev.gpudra.allocator;

import static dev.gpudra.allocator.Fixture.NODE_A;
import static dev.gpudra.allocator.Fixture.claim;
import static dev.gpudra.allocator.Fixture.cluster;
import static dev.gpudra.allocator.Fixture.exactly;
import static dev.gpudra.allocator.Fixture.gpu;
import static dev.gpudra.allocator.Fixture.id;
import static dev.gpudra.allocator.Fixture.poolSlice;
import static dev.gpudra.allocator.Fixture.results;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.CounterBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.CounterSetBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("shared counters: partitions of one GPU, as DRAPartitionableDevices")
class AllocatorCountersTest {
  private final Allocator allocator = new Allocator(new FakeSelectorEvaluator());

  /** A GPU of two memory slices, offered whole and as two halves. */
  private static final ResourceSlice COUNTERS =
      new ResourceSliceBuilder(poolSlice("a-0", "node-a", 1, 2).withNode("node-a"))
          .editSpec()
          .withDevices((List<Device>) null)
          .addToSharedCounters(
              new CounterSetBuilder()
                  .withName("gpu-0-counter-set")
                  .addToCounters("slice-0", counter(1))
                  .addToCounters("slice-1", counter(1))
                  .build())
          .endSpec()
          .build();

  private static final ResourceSlice DEVICES =
      poolSlice("a-1", "node-a", 1, 2, uses("gpu-0", 0, 1), uses("half-0", 0), uses("half-1", 1))
          .withNode("node-a");

  private static io.fabric8.kubernetes.api.model.resource.v1.Counter counter(int value) {
    return new CounterBuilder().withValue(new Quantity(Integer.toString(value))).build();
  }

  private static Device uses(String name, int... slices) {
    var consumption =
        new io.fabric8.kubernetes.api.model.resource.v1.DeviceCounterConsumptionBuilder()
            .withCounterSet("gpu-0-counter-set");
    for (int slice : slices) {
      consumption.addToCounters("slice-" + slice, counter(1));
    }
    return new DeviceBuilder(gpu(name, "pci0")).withConsumesCounters(consumption.build()).build();
  }

  private AllocationOutcome allocate(long count, Set<DeviceId> elsewhere) {
    return allocator.allocate(
        claim(exactly("gpu", count)), cluster(List.of(COUNTERS, DEVICES), elsewhere), NODE_A);
  }

  @Test
  @DisplayName(
      "the whole GPU takes every counter, so two devices are the two halves; a half held by"
          + " another claim leaves the whole GPU out, with the counter named")
  void partitions() {
    assertThat(results(allocate(1, Set.of()))).containsExactly("gpu=gpu.example.com/node-a/gpu-0");
    assertThat(results(allocate(2, Set.of())))
        .containsExactly("gpu=gpu.example.com/node-a/half-0", "gpu=gpu.example.com/node-a/half-1");
    assertThat(results(allocate(3, Set.of())))
        .singleElement()
        .asString()
        .startsWith("unsatisfiable");

    AllocationOutcome taken = allocate(1, Set.of(id("node-a", "half-0")));

    assertThat(results(taken)).containsExactly("gpu=gpu.example.com/node-a/half-1");
    assertThat(taken.explanation().request("gpu").orElseThrow().candidates())
        .filteredOn(c -> c.device().device().equals("gpu-0"))
        .singleElement()
        .satisfies(c -> {
          assertThat(c.outcome()).isEqualTo(CandidateOutcome.COUNTERS_IN_USE);
          assertThat(c.reason())
              .isEqualTo("counter gpu-0-counter-set/slice-0 has 0 left, it needs 1");
        });
  }
}
