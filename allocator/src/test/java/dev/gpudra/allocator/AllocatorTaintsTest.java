package dev.gpudra.allocator;

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
import io.fabric8.kubernetes.api.model.resource.v1.DeviceToleration;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceTolerationBuilder;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("device taints against the request's tolerations, as DRADeviceTaints")
class AllocatorTaintsTest {
  private final Allocator allocator = new Allocator(new FakeSelectorEvaluator());

  private static Device tainted(String name, String value, String effect) {
    return new DeviceBuilder(gpu(name, "pci0"))
        .addNewTaint()
        .withKey("gpu.nvidia.com/xid")
        .withValue(value)
        .withEffect(effect)
        .endTaint()
        .build();
  }

  private static DeviceRequest tolerating(String name, DeviceToleration toleration) {
    return new DeviceRequestBuilder(exactly(name, 1))
        .editExactly()
        .withTolerations(toleration)
        .endExactly()
        .build();
  }

  private List<String> allocate(DeviceRequest request, Device... devices) {
    return results(
        allocator.allocate(
            claim(request), cluster(List.of(nodeSlice("node-a", devices)), Set.of()), NODE_A));
  }

  @Test
  @DisplayName(
      "a NoSchedule taint skips the device with its reason; a None taint does not; a matching"
          + " toleration lets it through")
  void taints() {
    Device sick = tainted("gpu-0", "79", "NoSchedule");
    Device noted = tainted("gpu-1", "31", "None");

    assertThat(allocate(exactly("gpu", 1), sick, noted))
        .containsExactly("gpu=gpu.example.com/node-a/gpu-1");
    AllocationOutcome outcome =
        allocator.allocate(
            claim(exactly("gpu", 1)),
            cluster(List.of(nodeSlice("node-a", sick)), Set.of()),
            NODE_A);
    assertThat(outcome).isInstanceOf(Unsatisfiable.class);
    assertThat(outcome.explanation().request("gpu").orElseThrow().candidates())
        .singleElement()
        .satisfies(c -> {
          assertThat(c.outcome()).isEqualTo(CandidateOutcome.TAINTED);
          assertThat(c.reason())
              .isEqualTo("taint gpu.nvidia.com/xid=79:NoSchedule is not tolerated by request gpu");
        });

    DeviceToleration exists =
        new DeviceTolerationBuilder().withKey("gpu.nvidia.com/xid").withOperator("Exists").build();
    DeviceToleration equal79 =
        new DeviceTolerationBuilder().withKey("gpu.nvidia.com/xid").withValue("79").build();
    DeviceToleration equal48 =
        new DeviceTolerationBuilder().withKey("gpu.nvidia.com/xid").withValue("48").build();
    DeviceToleration noExecuteOnly =
        new DeviceTolerationBuilder().withOperator("Exists").withEffect("NoExecute").build();
    assertThat(allocate(tolerating("gpu", exists), sick)).hasSize(1);
    assertThat(allocate(tolerating("gpu", equal79), sick)).hasSize(1);
    assertThat(allocate(tolerating("gpu", equal48), sick))
        .singleElement()
        .asString()
        .startsWith("unsatisfiable");
    assertThat(allocate(tolerating("gpu", noExecuteOnly), sick))
        .singleElement()
        .asString()
        .startsWith("unsatisfiable");
  }

  @Test
  @DisplayName(
      "allocationMode All: a tainted device the selectors pick fails the request (as"
          + " kube-scheduler), unless tolerated")
  void allModeAndTaints() {
    Device sick = tainted("gpu-0", "79", "NoSchedule");
    Device well = gpu("gpu-1", "pci0");
    DeviceRequest all =
        new DeviceRequestBuilder(exactly("gpu", 1))
            .editExactly()
            .withAllocationMode("All")
            .withCount(null)
            .endExactly()
            .build();

    assertThat(allocate(all, sick, well)).singleElement().asString().startsWith("unsatisfiable");
    assertThat(
            allocate(
                new DeviceRequestBuilder(all)
                    .editExactly()
                    .withTolerations(
                        new DeviceTolerationBuilder()
                            .withKey("gpu.nvidia.com/xid")
                            .withOperator("Exists")
                            .build())
                    .endExactly()
                    .build(),
                sick,
                well))
        .hasSize(2);
  }
}
