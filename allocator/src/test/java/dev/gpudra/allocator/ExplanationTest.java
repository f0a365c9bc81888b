package dev.gpudra.allocator;

import static dev.gpudra.allocator.Fixture.IS_GPU;
import static dev.gpudra.allocator.Fixture.NODE_A;
import static dev.gpudra.allocator.Fixture.all;
import static dev.gpudra.allocator.Fixture.claim;
import static dev.gpudra.allocator.Fixture.cluster;
import static dev.gpudra.allocator.Fixture.exactly;
import static dev.gpudra.allocator.Fixture.firstAvailable;
import static dev.gpudra.allocator.Fixture.gpu;
import static dev.gpudra.allocator.Fixture.id;
import static dev.gpudra.allocator.Fixture.nic;
import static dev.gpudra.allocator.Fixture.nodeSlice;
import static dev.gpudra.allocator.Fixture.sub;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttributeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName("failures say which request and why; every device says what stopped it")
class ExplanationTest {

  private static final List<ResourceSlice> THREE_GPUS =
      List.of(
          nodeSlice(
              "node-a",
              gpu("gpu-0", "pci0"),
              nic("nic-0", "pci0"),
              gpu("gpu-1", "pci0"),
              gpu("gpu-2", "pci1")));

  private final Allocator allocator = new Allocator(new FakeSelectorEvaluator());

  record Failure(
      String name,
      Set<DeviceId> allocated,
      ResourceClaim claim,
      FailureReason reason,
      String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Failure> failures() {
    DeviceRequest unknownClass = exactly("gpu", 1);
    unknownClass.getExactly().setDeviceClassName("tpu.example.com");
    return Stream.of(
        new Failure(
            "impossible count",
            Set.of(),
            claim(exactly("gpu", 4)),
            FailureReason.NOT_ENOUGH_DEVICES,
            "request gpu: 3 devices match, 4 needed"),
        new Failure(
            "All with a device held by another claim",
            Set.of(id("node-a", "gpu-1")),
            claim(all("gpus")),
            FailureReason.NOT_ENOUGH_DEVICES,
            "request gpus: 2 devices match, 3 needed"),
        new Failure(
            "no subrequest fits",
            Set.of(),
            claim(firstAvailable("gpu", sub("four", 4), sub("eight", 8))),
            FailureReason.NOT_ENOUGH_DEVICES,
            "request gpu: gpu/four: 3 devices match, 4 needed; gpu/eight: 3 devices match, 8 needed"),
        new Failure(
            "the second request finds the devices taken",
            Set.of(),
            claim(exactly("a", 2), exactly("b", 2)),
            FailureReason.NO_COMBINATION,
            "each request has enough matching devices on its own, but the requests need more distinct"
                + " devices (or shared capacity) together than the node has"),
        new Failure(
            "unknown DeviceClass",
            Set.of(),
            claim(unknownClass),
            FailureReason.UNKNOWN_DEVICE_CLASS,
            "request gpu: DeviceClass tpu.example.com not found"),
        new Failure(
            "more than 32 devices",
            Set.of(),
            claim(exactly("gpu", 33)),
            FailureReason.TOO_MANY_DEVICES,
            "the claim needs at least 33 devices, more than 32"));
  }

  @ParameterizedTest(name = "{0}")
  @DisplayName("an unsatisfiable claim fails with the reason per device")
  @MethodSource("failures")
  void failsWithReason(Failure f) {
    AllocationOutcome outcome =
        allocator.allocate(f.claim(), cluster(THREE_GPUS, f.allocated()), NODE_A);

    assertThat(outcome)
        .isInstanceOfSatisfying(
            Unsatisfiable.class,
            u -> {
              assertThat(u.reason()).isEqualTo(f.reason());
              assertThat(u.message()).isEqualTo(f.message());
            });
  }

  @Test
  @DisplayName("an impossible request is summarised, and the NIC names the class selector")
  void impossibleRequestExplained() {
    AllocationOutcome outcome =
        allocator.allocate(claim(exactly("gpu", 4)), cluster(THREE_GPUS, Set.of()), NODE_A);

    RequestExplanation gpu = outcome.explanation().request("gpu").orElseThrow();
    assertThat(gpu.summary()).isEqualTo("3 devices match, 4 needed");
    assertThat(gpu.outcome()).isEqualTo(RequestOutcome.NOT_ALLOCATED);
    assertThat(gpu.candidates())
        .filteredOn(c -> c.device().device().equals("nic-0"))
        .singleElement()
        .satisfies(c -> {
          assertThat(c.outcome()).isEqualTo(CandidateOutcome.CLASS_SELECTOR);
          assertThat(c.reason())
              .isEqualTo("DeviceClass gpu.example.com selector #1 (" + IS_GPU + ") is false");
        });
  }

  @Test
  @DisplayName(
      "a selector error the search meets aborts the claim, and every device is still shown")
  void selectorErrorRecorded() {
    String model = "device.attributes['gpu.example.com'].model == 'h100'";
    Device h100 = gpu("gpu-1", "pci0");
    h100.getAttributes().put("model", new DeviceAttributeBuilder().withString("h100").build());
    ClusterState cluster =
        new ClusterState(
            Fixture.classes(Fixture.deviceClass("h100", List.of(IS_GPU, model))),
            List.of(nodeSlice("node-a", gpu("gpu-0", "pci0"), h100)),
            Set.of());
    DeviceRequest request = exactly("gpu", 1);
    request.getExactly().setDeviceClassName("h100");

    AllocationOutcome outcome = allocator.allocate(claim(request), cluster, NODE_A);

    assertThat(outcome)
        .isInstanceOfSatisfying(
            Unsatisfiable.class,
            u -> {
              assertThat(u.reason()).isEqualTo(FailureReason.SELECTOR_ERROR);
              assertThat(u.message()).contains("gpu-0", "no such key: model");
            });
    assertThat(outcome.explanation().request("gpu").orElseThrow().candidates())
        .extracting(c -> c.device().device() + " " + c.outcome() + " " + c.reason())
        .containsExactly(
            "gpu-0 SELECTOR_ERROR DeviceClass h100 selector #1 (" + model + "): no such key: model",
            "gpu-1 MATCHED ");
  }

  @Test
  @DisplayName("request selectors are checked after the class's, and named as the request's")
  void requestSelectorNamed() {
    String onPci1 = "device.attributes['resource.kubernetes.io'].pcieRoot == 'pci1'";

    AllocationOutcome outcome =
        allocator.allocate(
            claim(exactly("gpu", 1, onPci1)),
            cluster(THREE_GPUS, Set.of(id("node-a", "gpu-2"))),
            NODE_A);

    assertThat(outcome.explanation().request("gpu").orElseThrow().candidates())
        .extracting(c -> c.device().device() + " " + c.outcome())
        .containsExactly(
            "gpu-0 REQUEST_SELECTOR",
            "nic-0 CLASS_SELECTOR",
            "gpu-1 REQUEST_SELECTOR",
            "gpu-2 ALREADY_ALLOCATED");
  }
}
