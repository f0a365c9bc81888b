package dev.gpudra.allocator;

import static dev.gpudra.allocator.Fixture.NODE_A;
import static dev.gpudra.allocator.Fixture.PCIE_ROOT;
import static dev.gpudra.allocator.Fixture.claim;
import static dev.gpudra.allocator.Fixture.cluster;
import static dev.gpudra.allocator.Fixture.device;
import static dev.gpudra.allocator.Fixture.exactly;
import static dev.gpudra.allocator.Fixture.firstAvailable;
import static dev.gpudra.allocator.Fixture.gpu;
import static dev.gpudra.allocator.Fixture.id;
import static dev.gpudra.allocator.Fixture.matchAttribute;
import static dev.gpudra.allocator.Fixture.nodeSlice;
import static dev.gpudra.allocator.Fixture.results;
import static dev.gpudra.allocator.Fixture.sub;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceConstraint;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@DisplayName("matchAttribute constraints, with backtracking over earlier choices")
class AllocatorConstraintTest {

  private static final String D = "gpu.example.com/node-a/";

  /** gpu-0 is alone free under pci0 (gpu-1 is taken), gpu-2 and gpu-3 share pci1. */
  private static final ResourceSlice ROOTS =
      nodeSlice(
          "node-a",
          gpu("gpu-0", "pci0"),
          gpu("gpu-1", "pci0"),
          gpu("gpu-2", "pci1"),
          gpu("gpu-3", "pci1"));

  private static final Set<DeviceId> GPU_1_TAKEN = Set.of(id("node-a", "gpu-1"));

  private final Allocator allocator = new Allocator(new FakeSelectorEvaluator());

  record Case(
      String name,
      List<Device> devices,
      List<DeviceRequest> requests,
      DeviceConstraint constraint,
      List<String> expected) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    Device noRoot = device("gpu-x", "gpu", "pci0", "80Gi");
    noRoot.getAttributes().remove(PCIE_ROOT);
    return Stream.of(
        new Case(
            "two requests under one root: the first GPU's root has no second free GPU",
            ROOTS.getSpec().getDevices(),
            List.of(exactly("a", 1), exactly("b", 1)),
            matchAttribute(PCIE_ROOT, "a", "b"),
            List.of("a=" + D + "gpu-2", "b=" + D + "gpu-3")),
        new Case(
            "count 2 under one root, constraint over all requests",
            ROOTS.getSpec().getDevices(),
            List.of(exactly("pair", 2)),
            matchAttribute(PCIE_ROOT),
            List.of("pair=" + D + "gpu-2", "pair=" + D + "gpu-3")),
        new Case(
            "requests not listed in the constraint are free",
            List.of(gpu("gpu-0", "pci0"), gpu("gpu-2", "pci1"), gpu("gpu-3", "pci1")),
            List.of(exactly("a", 1), exactly("b", 1), exactly("c", 1)),
            matchAttribute(PCIE_ROOT, "a", "b"),
            List.of("a=" + D + "gpu-2", "b=" + D + "gpu-3", "c=" + D + "gpu-0")),
        new Case(
            "a device without the attribute fails the constraint",
            List.of(noRoot, gpu("gpu-2", "pci1"), gpu("gpu-3", "pci1")),
            List.of(exactly("pair", 2)),
            matchAttribute(PCIE_ROOT),
            List.of("pair=" + D + "gpu-2", "pair=" + D + "gpu-3")));
  }

  @ParameterizedTest(name = "{0}")
  @DisplayName("a claim's constraint picks the devices kube-scheduler would pick")
  @MethodSource("cases")
  void satisfiesConstraint(Case c) {
    AllocationOutcome outcome =
        allocator.allocate(
            claim(c.requests(), List.of(c.constraint()), List.of()),
            cluster(List.of(nodeSlice("node-a", c.devices().toArray(Device[]::new))), GPU_1_TAKEN),
            NODE_A);

    assertThat(results(outcome)).containsExactlyElementsOf(c.expected());
  }

  @Test
  @DisplayName("after backtracking, each unchosen device says why against the final allocation")
  void explainsAgainstFinalAllocation() {
    AllocationOutcome outcome =
        allocator.allocate(
            claim(
                List.of(exactly("a", 1), exactly("b", 1)),
                List.of(matchAttribute(PCIE_ROOT, "a", "b")),
                List.of()),
            cluster(List.of(ROOTS), GPU_1_TAKEN),
            NODE_A);

    assertThat(outcome.explanation().request("b").orElseThrow().candidates())
        .extracting(c -> c.device().device() + " " + c.outcome() + " " + c.reason())
        .containsExactly(
            "gpu-0 CONSTRAINT matchAttribute resource.kubernetes.io/pcieRoot: device has string"
                + " 'pci0', but gpu.example.com/node-a/gpu-2 chosen for a has string 'pci1'",
            "gpu-1 ALREADY_ALLOCATED allocated to another claim",
            "gpu-2 TAKEN_BY_CLAIM chosen for request a",
            "gpu-3 CHOSEN ");
  }

  @Test
  @DisplayName(
      "after backtracking into an earlier request's firstAvailable, each device names the"
          + " subrequest it went to, in the result and in the explanation")
  void backtrackingNamesSubrequests() {
    ResourceSlice slice =
        nodeSlice(
            "node-a",
            gpu("gpu-0", "pci0"),
            gpu("gpu-1", "pci0"),
            gpu("gpu-2", "pci1"),
            gpu("gpu-3", "pci1"),
            gpu("gpu-4", "pci1"));
    String onPci1 = "device.attributes['resource.kubernetes.io'].pcieRoot == 'pci1'";
    AllocationOutcome outcome =
        allocator.allocate(
            claim(
                List.of(
                    firstAvailable("a", sub("pair", 2)),
                    firstAvailable("b", sub("two", 2, onPci1), sub("one", 1, onPci1))),
                List.of(matchAttribute(PCIE_ROOT)),
                List.of()),
            cluster(List.of(slice), Set.of()),
            NODE_A);

    assertThat(results(outcome))
        .containsExactly("a/pair=" + D + "gpu-2", "a/pair=" + D + "gpu-3", "b/one=" + D + "gpu-4");
    assertThat(outcome.explanation().request("a/pair").orElseThrow().candidates())
        .extracting(c -> c.device().device() + " " + c.outcome() + " " + c.reason())
        .endsWith(
            "gpu-2 CHOSEN ", "gpu-3 CHOSEN ", "gpu-4 TAKEN_BY_CLAIM chosen for request b/one");
    assertThat(outcome.explanation().request("b/two").orElseThrow().candidates())
        .extracting(c -> c.device().device() + " " + c.outcome() + " " + c.reason())
        .endsWith(
            "gpu-2 TAKEN_BY_CLAIM chosen for request a/pair",
            "gpu-3 TAKEN_BY_CLAIM chosen for request a/pair",
            "gpu-4 TAKEN_BY_CLAIM chosen for request b/one");
    assertThat(outcome.explanation().request("b/one").orElseThrow().outcome())
        .isEqualTo(RequestOutcome.ALLOCATED);
  }

  @Test
  @DisplayName("no combination: every request fits alone, the constraint fits none together")
  void noCombination() {
    AllocationOutcome outcome =
        allocator.allocate(
            claim(
                List.of(exactly("a", 1), exactly("b", 1)),
                List.of(matchAttribute(PCIE_ROOT)),
                List.of()),
            cluster(
                List.of(nodeSlice("node-a", gpu("gpu-0", "pci0"), gpu("gpu-2", "pci1"))), Set.of()),
            NODE_A);

    assertThat(outcome)
        .isInstanceOfSatisfying(
            Unsatisfiable.class,
            u -> {
              assertThat(u.reason()).isEqualTo(FailureReason.NO_COMBINATION);
              assertThat(u.message()).contains("matchAttribute resource.kubernetes.io/pcieRoot");
            });
    assertThat(outcome.explanation().request("b").orElseThrow().candidates())
        .extracting(CandidateExplanation::outcome)
        .containsExactly(CandidateOutcome.TAKEN_BY_CLAIM, CandidateOutcome.CONSTRAINT);
  }

  @Test
  @DisplayName("an All request that a constraint would split fails, as in the scheduler")
  void allRequestBrokenByConstraint() {
    AllocationOutcome outcome =
        allocator.allocate(
            claim(List.of(Fixture.all("gpus")), List.of(matchAttribute(PCIE_ROOT)), List.of()),
            cluster(
                List.of(nodeSlice("node-a", gpu("gpu-0", "pci0"), gpu("gpu-2", "pci1"))), Set.of()),
            NODE_A);

    assertThat(outcome)
        .isInstanceOfSatisfying(
            Unsatisfiable.class,
            u -> assertThat(u.reason()).isEqualTo(FailureReason.CONSTRAINT_EXCLUDES_ALL));
  }
}
