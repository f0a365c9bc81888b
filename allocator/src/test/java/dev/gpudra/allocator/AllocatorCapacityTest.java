package dev.gpudra.allocator;

import static dev.gpudra.allocator.Fixture.NODE_A;
import static dev.gpudra.allocator.Fixture.all;
import static dev.gpudra.allocator.Fixture.claim;
import static dev.gpudra.allocator.Fixture.classes;
import static dev.gpudra.allocator.Fixture.exactly;
import static dev.gpudra.allocator.Fixture.gpu;
import static dev.gpudra.allocator.Fixture.gpuClass;
import static dev.gpudra.allocator.Fixture.id;
import static dev.gpudra.allocator.Fixture.nodeSlice;
import static dev.gpudra.allocator.Fixture.results;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.CapacityRequestPolicy;
import io.fabric8.kubernetes.api.model.resource.v1.CapacityRequestPolicyBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.CapacityRequirementsBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacityBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceConstraintBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequest;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("consumable capacity: devices that allow multiple allocations (DRAConsumableCapacity)")
class AllocatorCapacityTest {
  private static final long GI = 1L << 30;
  private final AtomicInteger shares = new AtomicInteger();
  private final Allocator allocator =
      new Allocator(
          new FakeSelectorEvaluator(),
          Allocator.DEFAULT_MAX_STEPS,
          () -> UUID.nameUUIDFromBytes(("share-" + shares.incrementAndGet()).getBytes()));

  /** Memory as the ConsumableShares gate's {@code memory} mode offers it: whole unless asked. */
  private static CapacityRequestPolicy memoryPolicy(String max) {
    return new CapacityRequestPolicyBuilder()
        .withDefault(new Quantity(max))
        .withNewValidRange()
        .withMin(new Quantity("1Mi"))
        .withMax(new Quantity(max))
        .withStep(new Quantity("1Mi"))
        .endValidRange()
        .build();
  }

  private static Device shared(String name, String root, String memory) {
    return shared(name, root, memory, memoryPolicy(memory));
  }

  private static Device shared(String name, String root, String memory, CapacityRequestPolicy p) {
    return new DeviceBuilder(gpu(name, root))
        .withAllowMultipleAllocations(true)
        .withCapacity(
            Map.of(
                "memory",
                new DeviceCapacityBuilder()
                    .withValue(new Quantity(memory))
                    .withRequestPolicy(p)
                    .build()))
        .build();
  }

  private static DeviceRequest asking(DeviceRequest request, String capacity, String amount) {
    request
        .getExactly()
        .setCapacity(
            new CapacityRequirementsBuilder()
                .addToRequests(capacity, new Quantity(amount))
                .build());
    return request;
  }

  private static ClusterState cluster(
      Map<DeviceId, Map<String, BigDecimal>> consumed, Device... d) {
    return new ClusterState(
        classes(gpuClass()), List.of(nodeSlice("node-a", d)), new DevicesInUse(Set.of(), consumed));
  }

  private static List<DeviceRequestAllocationResult> allocated(AllocationOutcome outcome) {
    assertThat(outcome).as(results(outcome).toString()).isInstanceOf(Allocation.class);
    return ((Allocation) outcome).result().getDevices().getResults();
  }

  private static CandidateExplanation candidate(AllocationOutcome o, String request, String dev) {
    return o.explanation().request(request).orElseThrow().candidates().stream()
        .filter(c -> c.device().device().equals(dev))
        .findFirst()
        .orElseThrow();
  }

  @Test
  @DisplayName(
      "a share gets a share ID and consumes what it asks, rounded up by the policy's step; every"
          + " capacity of the device is listed")
  void shareConsumesWhatItAsks() {
    AllocationOutcome outcome =
        allocator.allocate(
            claim(asking(exactly("gpu", 1), "memory", "1500Ki")),
            cluster(Map.of(), shared("gpu-0", "pci0", "40Gi")),
            NODE_A);

    assertThat(allocated(outcome))
        .singleElement()
        .satisfies(r -> {
          assertThat(r.getShareID())
              .isEqualTo(UUID.nameUUIDFromBytes("share-1".getBytes()).toString());
          assertThat(r.getConsumedCapacity())
              .containsOnly(Map.entry("memory", new Quantity("2Mi")));
        });
  }

  @Test
  @DisplayName("a request below the range's min consumes min; one without an amount the default")
  void minAndDefault() {
    ClusterState cluster = cluster(Map.of(), shared("gpu-0", "pci0", "40Gi"));

    assertThat(
            allocated(
                    allocator.allocate(
                        claim(asking(exactly("gpu", 1), "memory", "1")), cluster, NODE_A))
                .get(0)
                .getConsumedCapacity())
        .containsOnly(Map.entry("memory", new Quantity("1Mi")));
    assertThat(
            allocated(allocator.allocate(claim(exactly("gpu", 1)), cluster, NODE_A))
                .get(0)
                .getConsumedCapacity())
        .containsOnly(Map.entry("memory", new Quantity("40Gi")));
  }

  @Test
  @DisplayName(
      "other claims' shares count: what no longer fits is capacity-in-use, naming what is consumed;"
          + " what still fits is allocated")
  void otherClaimsShares() {
    ClusterState cluster =
        cluster(
            Map.of(id("node-a", "gpu-0"), Map.of("memory", BigDecimal.valueOf(35 * GI))),
            shared("gpu-0", "pci0", "40Gi"));

    AllocationOutcome tooMuch =
        allocator.allocate(claim(asking(exactly("gpu", 1), "memory", "10Gi")), cluster, NODE_A);
    AllocationOutcome fits =
        allocator.allocate(claim(asking(exactly("gpu", 1), "memory", "5Gi")), cluster, NODE_A);

    assertThat(tooMuch).isInstanceOf(Unsatisfiable.class);
    assertThat(candidate(tooMuch, "gpu", "gpu-0"))
        .satisfies(c -> {
          assertThat(c.outcome()).isEqualTo(CandidateOutcome.CAPACITY_IN_USE);
          assertThat(c.reason())
              .isEqualTo(
                  "capacity memory: other claims' shares consume 35Gi of 40Gi, the request needs 10Gi");
        });
    assertThat(results(fits)).containsExactly("gpu=gpu.example.com/node-a/gpu-0");
  }

  @Test
  @DisplayName(
      "two requests of one claim may share a device while it has capacity; past that the next"
          + " request moves on, and the explanation says this claim's shares took it")
  void sharesWithinOneClaim() {
    ClusterState cluster =
        cluster(Map.of(), shared("gpu-0", "pci0", "40Gi"), shared("gpu-1", "pci1", "40Gi"));

    AllocationOutcome both =
        allocator.allocate(
            claim(
                asking(exactly("a", 1), "memory", "20Gi"),
                asking(exactly("b", 1), "memory", "20Gi")),
            cluster,
            NODE_A);
    AllocationOutcome moved =
        allocator.allocate(
            claim(
                asking(exactly("a", 1), "memory", "30Gi"),
                asking(exactly("b", 1), "memory", "20Gi")),
            cluster,
            NODE_A);

    assertThat(results(both))
        .containsExactly("a=gpu.example.com/node-a/gpu-0", "b=gpu.example.com/node-a/gpu-0");
    assertThat(allocated(both))
        .extracting(DeviceRequestAllocationResult::getShareID)
        .doesNotHaveDuplicates();
    assertThat(results(moved))
        .containsExactly("a=gpu.example.com/node-a/gpu-0", "b=gpu.example.com/node-a/gpu-1");
    assertThat(candidate(moved, "b", "gpu-0").outcome())
        .isEqualTo(CandidateOutcome.CAPACITY_TAKEN_BY_CLAIM);
  }

  @Test
  @DisplayName("distinctAttribute puts a claim's shares on different devices, or fails the claim")
  void distinctAttribute() {
    var distinct = new DeviceConstraintBuilder().withDistinctAttribute(Fixture.PCIE_ROOT).build();
    List<DeviceRequest> two =
        List.of(asking(exactly("a", 1), "memory", "1Gi"), asking(exactly("b", 1), "memory", "1Gi"));

    AllocationOutcome spread =
        allocator.allocate(
            claim(two, List.of(distinct), List.of()),
            cluster(Map.of(), shared("gpu-0", "pci0", "40Gi"), shared("gpu-1", "pci1", "40Gi")),
            NODE_A);
    AllocationOutcome single =
        allocator.allocate(
            claim(two, List.of(distinct), List.of()),
            cluster(Map.of(), shared("gpu-0", "pci0", "40Gi")),
            NODE_A);

    assertThat(results(spread))
        .containsExactly("a=gpu.example.com/node-a/gpu-0", "b=gpu.example.com/node-a/gpu-1");
    assertThat(single)
        .isInstanceOfSatisfying(
            Unsatisfiable.class,
            u ->
                assertThat(u.message())
                    .contains("no combination satisfies distinctAttribute " + Fixture.PCIE_ROOT));
    assertThat(candidate(single, "b", "gpu-0").reason())
        .isEqualTo(
            "distinctAttribute resource.kubernetes.io/pcieRoot: device has string 'pci0', as does"
                + " gpu.example.com/node-a/gpu-0 chosen for a");
  }

  @Test
  @DisplayName(
      "the device must have what is asked: a capacity it lacks, more than the policy's max, or"
          + " above every valid value is a capacity mismatch")
  void policyViolations() {
    CapacityRequestPolicy values =
        new CapacityRequestPolicyBuilder()
            .withDefault(new Quantity("1Gi"))
            .withValidValues(new Quantity("1Gi"), new Quantity("2Gi"), new Quantity("4Gi"))
            .build();
    ClusterState ranged = cluster(Map.of(), shared("gpu-0", "pci0", "40Gi"));
    ClusterState listed = cluster(Map.of(), shared("gpu-0", "pci0", "8Gi", values));

    assertThat(
            candidate(
                allocator.allocate(
                    claim(asking(exactly("gpu", 1), "bandwidth", "1")), ranged, NODE_A),
                "gpu",
                "gpu-0"))
        .extracting(CandidateExplanation::outcome, CandidateExplanation::reason)
        .containsExactly(CandidateOutcome.CAPACITY, "has no capacity bandwidth");
    assertThat(
            candidate(
                    allocator.allocate(
                        claim(asking(exactly("gpu", 1), "memory", "41Gi")), ranged, NODE_A),
                    "gpu",
                    "gpu-0")
                .reason())
        .isEqualTo("capacity memory: 41Gi (asked 41Gi) is above the policy's max 40Gi");
    assertThat(
            allocated(
                    allocator.allocate(
                        claim(asking(exactly("gpu", 1), "memory", "3Gi")), listed, NODE_A))
                .get(0)
                .getConsumedCapacity())
        .containsOnly(Map.entry("memory", new Quantity("4Gi")));
    assertThat(
            candidate(
                    allocator.allocate(
                        claim(asking(exactly("gpu", 1), "memory", "5Gi")), listed, NODE_A),
                    "gpu",
                    "gpu-0")
                .outcome())
        .isEqualTo(CandidateOutcome.CAPACITY);
  }

  @Test
  @DisplayName(
      "on a device without multiple allocations a capacity request is a filter: no share ID, no"
          + " consumed capacity, and too little capacity does not match")
  void exclusiveDeviceFilters() {
    ClusterState cluster = cluster(Map.of(), gpu("gpu-0", "pci0"), gpu("gpu-1", "pci1"));

    assertThat(
            allocated(
                allocator.allocate(
                    claim(asking(exactly("gpu", 1), "memory", "10Gi")), cluster, NODE_A)))
        .singleElement()
        .satisfies(r -> {
          assertThat(r.getShareID()).isNull();
          assertThat(r.getConsumedCapacity()).isNullOrEmpty();
        });
    assertThat(
            candidate(
                    allocator.allocate(
                        claim(asking(exactly("gpu", 1), "memory", "81Gi")), cluster, NODE_A),
                    "gpu",
                    "gpu-0")
                .reason())
        .isEqualTo("capacity memory: needs 81Gi (asked 81Gi), the device has 80Gi");
  }

  @Test
  @DisplayName("an All request fails when one of its devices is short of capacity")
  void allNeedsEveryDevice() {
    ClusterState cluster =
        cluster(
            Map.of(id("node-a", "gpu-1"), Map.of("memory", BigDecimal.valueOf(40 * GI))),
            shared("gpu-0", "pci0", "40Gi"),
            shared("gpu-1", "pci1", "40Gi"));
    DeviceRequest every = all("gpu");
    every
        .getExactly()
        .setCapacity(
            new CapacityRequirementsBuilder().addToRequests("memory", new Quantity("1Gi")).build());

    AllocationOutcome outcome = allocator.allocate(claim(every), cluster, NODE_A);

    assertThat(outcome).isInstanceOf(Unsatisfiable.class);
    assertThat(candidate(outcome, "gpu", "gpu-1").outcome())
        .isEqualTo(CandidateOutcome.CAPACITY_IN_USE);
  }
}
