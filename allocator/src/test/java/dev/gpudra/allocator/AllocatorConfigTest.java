package dev.gpudra.allocator;

import static dev.gpudra.allocator.Fixture.NODE_A;
import static dev.gpudra.allocator.Fixture.claim;
import static dev.gpudra.allocator.Fixture.claimConfig;
import static dev.gpudra.allocator.Fixture.classes;
import static dev.gpudra.allocator.Fixture.exactly;
import static dev.gpudra.allocator.Fixture.firstAvailable;
import static dev.gpudra.allocator.Fixture.gpu;
import static dev.gpudra.allocator.Fixture.gpuClass;
import static dev.gpudra.allocator.Fixture.nodeSlice;
import static dev.gpudra.allocator.Fixture.sub;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceAllocationConfiguration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class AllocatorConfigTest {

  private final Allocator allocator = new Allocator(new FakeSelectorEvaluator());

  @Test
  @DisplayName("class configs come first (FromClass, once per class), then the claim's that apply")
  void classConfigBeforeClaimConfig() {
    ClusterState cluster =
        new ClusterState(
            classes(gpuClass(Map.of("class", 1), Map.of("class", 2))),
            List.of(
                nodeSlice(
                    "node-a", gpu("gpu-0", "pci0"), gpu("gpu-1", "pci0"), gpu("gpu-2", "pci0"))),
            Set.of());
    String big = "device.capacity['gpu.example.com'].memory >= quantity('160Gi')";

    AllocationOutcome outcome =
        allocator.allocate(
            claim(
                List.of(
                    exactly("a", 1),
                    exactly("b", 1),
                    firstAvailable("c", sub("big", 1, big), sub("any", 1))),
                List.of(),
                List.of(
                    claimConfig(Map.of("claim", "everyone")),
                    claimConfig(Map.of("claim", "b"), "b"),
                    claimConfig(Map.of("claim", "c/big"), "c/big"),
                    claimConfig(Map.of("claim", "c/any"), "c/any"))),
            cluster,
            NODE_A);

    List<DeviceAllocationConfiguration> config =
        ((Allocation) outcome).result().getDevices().getConfig();
    assertThat(config)
        .extracting(
            c -> c.getSource() + " " + c.getRequests() + " " + c.getOpaque().getParameters())
        .containsExactly(
            "FromClass [a, b, c/any] {class=1}",
            "FromClass [a, b, c/any] {class=2}",
            "FromClaim null {claim=everyone}",
            "FromClaim [b] {claim=b}",
            "FromClaim [c/any] {claim=c/any}");
    assertThat(config)
        .allSatisfy(c -> assertThat(c.getOpaque().getDriver()).isEqualTo(Fixture.DRIVER));
  }
}
