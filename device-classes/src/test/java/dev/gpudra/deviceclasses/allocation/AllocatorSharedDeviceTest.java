package dev.gpudra.deviceclasses.allocation;

import static dev.gpudra.deviceclasses.allocation.Fixture.NODE_A;
import static dev.gpudra.deviceclasses.allocation.Fixture.claim;
import static dev.gpudra.deviceclasses.allocation.Fixture.cluster;
import static dev.gpudra.deviceclasses.allocation.Fixture.exactly;
import static dev.gpudra.deviceclasses.allocation.Fixture.gpu;
import static dev.gpudra.deviceclasses.allocation.Fixture.id;
import static dev.gpudra.deviceclasses.allocation.Fixture.nodeSlice;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("devices that allow multiple allocations (consumable capacity)")
class AllocatorSharedDeviceTest {
  private final Allocator allocator = new Allocator(new FakeSelectorEvaluator());

  @Test
  @DisplayName(
      "a shared device held by another claim says that the scheduler may still give this claim a"
          + " share, which this allocator does not count")
  void sayWhatIsNotCounted() {
    Device shared =
        new DeviceBuilder(gpu("gpu-0", "pci0")).withAllowMultipleAllocations(true).build();

    AllocationOutcome outcome =
        allocator.allocate(
            claim(exactly("gpu", 1)),
            cluster(List.of(nodeSlice("node-a", shared)), Set.of(id("node-a", "gpu-0"))),
            NODE_A);

    assertThat(outcome.explanation().request("gpu").orElseThrow().candidates())
        .singleElement()
        .satisfies(c -> {
          assertThat(c.outcome()).isEqualTo(CandidateOutcome.ALREADY_ALLOCATED);
          assertThat(c.reason())
              .contains("it allows multiple allocations")
              .contains("does not count yet");
        });
  }
}
