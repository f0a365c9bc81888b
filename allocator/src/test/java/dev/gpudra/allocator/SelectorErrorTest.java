package dev.gpudra.allocator;

import static dev.gpudra.allocator.Fixture.NODE_A;
import static dev.gpudra.allocator.Fixture.all;
import static dev.gpudra.allocator.Fixture.claim;
import static dev.gpudra.allocator.Fixture.cluster;
import static dev.gpudra.allocator.Fixture.exactly;
import static dev.gpudra.allocator.Fixture.gpu;
import static dev.gpudra.allocator.Fixture.id;
import static dev.gpudra.allocator.Fixture.nodeSlice;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttributeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A CEL runtime error aborts the allocation where kube-scheduler meets it (found by the real
 * control plane E2E: the scheduler reports SchedulerError, where we used to skip the device), and
 * only there: devices it never looks at cannot fail it.
 */
class SelectorErrorTest {
  private static final String MODEL = "device.attributes['gpu.example.com'].model == 'h100'";

  private final Allocator allocator = new Allocator(new FakeSelectorEvaluator());

  /** gpu-0 and gpu-2 have a model attribute; gpu-1 has none, so MODEL fails on it at run time. */
  private static List<ResourceSlice> slices() {
    return List.of(
        nodeSlice("node-a", withModel("gpu-0"), gpu("gpu-1", "pci0"), withModel("gpu-2")));
  }

  private static Device withModel(String name) {
    Device device = gpu(name, "pci0");
    device.getAttributes().put("model", new DeviceAttributeBuilder().withString("h100").build());
    return device;
  }

  @Test
  @DisplayName("enough devices before the failing one: the search never meets the error")
  void errorNeverReached() {
    AllocationOutcome outcome =
        allocator.allocate(claim(exactly("gpu", 1, MODEL)), cluster(slices(), Set.of()), NODE_A);

    assertThat(Fixture.results(outcome)).containsExactly("gpu=gpu.example.com/node-a/gpu-0");
  }

  @Test
  @DisplayName("needing a device past the failing one aborts with SELECTOR_ERROR")
  void errorReached() {
    AllocationOutcome outcome =
        allocator.allocate(claim(exactly("gpu", 2, MODEL)), cluster(slices(), Set.of()), NODE_A);

    assertThat(outcome)
        .isInstanceOfSatisfying(
            Unsatisfiable.class,
            u -> {
              assertThat(u.reason()).isEqualTo(FailureReason.SELECTOR_ERROR);
              assertThat(u.message()).contains("request gpu", "gpu-1", "no such key: model");
            });
  }

  @Test
  @DisplayName("a device held by another claim is skipped before its selectors are evaluated")
  void allocatedDeviceNotEvaluated() {
    AllocationOutcome outcome =
        allocator.allocate(
            claim(exactly("gpu", 2, MODEL)),
            cluster(slices(), Set.of(id("node-a", "gpu-1"))),
            NODE_A);

    assertThat(Fixture.results(outcome))
        .containsExactly("gpu=gpu.example.com/node-a/gpu-0", "gpu=gpu.example.com/node-a/gpu-2");
  }

  @Test
  @DisplayName("allocationMode All evaluates every device up front: any error aborts")
  void allModeEvaluatesEveryDevice() {
    DeviceRequest request = all("gpu");
    request.getExactly().setSelectors(Fixture.selectors(MODEL));

    AllocationOutcome outcome =
        allocator.allocate(claim(request), cluster(slices(), Set.of()), NODE_A);

    assertThat(outcome)
        .isInstanceOfSatisfying(
            Unsatisfiable.class,
            u -> assertThat(u.reason()).isEqualTo(FailureReason.SELECTOR_ERROR));
  }
}
