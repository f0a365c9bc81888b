package dev.gpudra.allocator;

import static dev.gpudra.allocator.Fixture.NODE_A;
import static dev.gpudra.allocator.Fixture.admin;
import static dev.gpudra.allocator.Fixture.all;
import static dev.gpudra.allocator.Fixture.claim;
import static dev.gpudra.allocator.Fixture.cluster;
import static dev.gpudra.allocator.Fixture.exactly;
import static dev.gpudra.allocator.Fixture.firstAvailable;
import static dev.gpudra.allocator.Fixture.gpu;
import static dev.gpudra.allocator.Fixture.id;
import static dev.gpudra.allocator.Fixture.nic;
import static dev.gpudra.allocator.Fixture.nodeSlice;
import static dev.gpudra.allocator.Fixture.results;
import static dev.gpudra.allocator.Fixture.sub;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.AllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class AllocatorTest {

  private static final String BIG =
      "device.capacity['gpu.example.com'].memory >= quantity('160Gi')";
  private static final String ON_PCI1 =
      "device.attributes['resource.kubernetes.io'].pcieRoot == 'pci1'";

  private final Allocator allocator = new Allocator(new FakeSelectorEvaluator());

  record Case(
      String name,
      List<ResourceSlice> slices,
      Set<DeviceId> allocated,
      ResourceClaim claim,
      List<String> expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static final List<ResourceSlice> NODE_A_GPUS =
      List.of(
          nodeSlice(
              "node-a",
              nic("nic-0", "pci0"),
              gpu("gpu-0", "pci0"),
              gpu("gpu-1", "pci0"),
              gpu("gpu-2", "pci1")));

  static Stream<Case> cases() {
    String d = "gpu.example.com/node-a/";
    return Stream.of(
        new Case(
            "ExactCount 1 takes the first matching device",
            NODE_A_GPUS,
            Set.of(),
            claim(exactly("gpu", 1)),
            List.of("gpu=" + d + "gpu-0")),
        new Case(
            "ExactCount 2 takes the first two matching devices",
            NODE_A_GPUS,
            Set.of(),
            claim(exactly("gpu", 2)),
            List.of("gpu=" + d + "gpu-0", "gpu=" + d + "gpu-1")),
        new Case(
            "All takes every device the class matches",
            NODE_A_GPUS,
            Set.of(),
            claim(all("gpus")),
            List.of("gpus=" + d + "gpu-0", "gpus=" + d + "gpu-1", "gpus=" + d + "gpu-2")),
        new Case(
            "firstAvailable falls through to the second subrequest",
            NODE_A_GPUS,
            Set.of(),
            claim(firstAvailable("gpu", sub("big", 1, BIG), sub("any", 1))),
            List.of("gpu/any=" + d + "gpu-0")),
        new Case(
            "firstAvailable keeps the first subrequest that fits",
            NODE_A_GPUS,
            Set.of(),
            claim(firstAvailable("gpu", sub("pair", 2), sub("one", 1))),
            List.of("gpu/pair=" + d + "gpu-0", "gpu/pair=" + d + "gpu-1")),
        new Case(
            "request selectors narrow the class",
            NODE_A_GPUS,
            Set.of(),
            claim(exactly("gpu", 1, ON_PCI1)),
            List.of("gpu=" + d + "gpu-2")),
        new Case(
            "devices allocated to other claims are skipped",
            NODE_A_GPUS,
            Set.of(id("node-a", "gpu-0"), id("node-a", "gpu-1")),
            claim(exactly("gpu", 1)),
            List.of("gpu=" + d + "gpu-2")),
        new Case(
            "admin access uses a device allocated to another claim",
            NODE_A_GPUS,
            Set.of(id("node-a", "gpu-0")),
            claim(admin("gpu")),
            List.of("gpu=" + d + "gpu-0")),
        new Case(
            "requests of one claim get distinct devices, in request order",
            NODE_A_GPUS,
            Set.of(),
            claim(exactly("a", 1), exactly("b", 2)),
            List.of("a=" + d + "gpu-0", "b=" + d + "gpu-1", "b=" + d + "gpu-2")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("allocates in the scheduler's order")
  void allocates(Case c) {
    AllocationOutcome outcome =
        allocator.allocate(c.claim(), cluster(c.slices(), c.allocated()), NODE_A);

    assertThat(results(outcome)).containsExactlyElementsOf(c.expected());
  }

  @Test
  @DisplayName("adminAccess is set on the result only for admin requests")
  void adminAccessFlag() {
    AllocationOutcome outcome =
        allocator.allocate(
            claim(admin("debug"), exactly("gpu", 1)), cluster(NODE_A_GPUS, Set.of()), NODE_A);

    AllocationResult result = ((Allocation) outcome).result();
    assertThat(result.getDevices().getResults())
        .extracting(r -> r.getRequest() + ":" + r.getDevice() + ":" + r.getAdminAccess())
        .containsExactly("debug:gpu-0:true", "gpu:gpu-1:null");
  }

  @Test
  @DisplayName("a node-local slice pins the allocation to its node")
  void nodeSelectorOfNodeLocalSlice() {
    AllocationOutcome outcome =
        allocator.allocate(claim(exactly("gpu", 1)), cluster(NODE_A_GPUS, Set.of()), NODE_A);

    var term = ((Allocation) outcome).result().getNodeSelector().getNodeSelectorTerms().get(0);
    assertThat(term.getMatchFields())
        .singleElement()
        .satisfies(r -> {
          assertThat(r.getKey()).isEqualTo("metadata.name");
          assertThat(r.getOperator()).isEqualTo("In");
          assertThat(r.getValues()).containsExactly("node-a");
        });
  }

  @Test
  @DisplayName("firstAvailable: the explanation marks the subrequest that was allocated")
  void subrequestOutcomes() {
    AllocationOutcome outcome =
        allocator.allocate(
            claim(firstAvailable("gpu", sub("big", 1, BIG), sub("any", 1), sub("last", 1))),
            cluster(NODE_A_GPUS, Set.of()),
            NODE_A);

    assertThat(outcome.explanation().requests())
        .extracting(r -> r.request() + ":" + r.outcome() + ":" + r.summary())
        .containsExactly(
            "gpu/big:NOT_ALLOCATED:0 devices match, 1 needed",
            "gpu/any:ALLOCATED:3 devices match, 1 needed",
            "gpu/last:NOT_NEEDED:3 devices match, 1 needed");
  }
}
