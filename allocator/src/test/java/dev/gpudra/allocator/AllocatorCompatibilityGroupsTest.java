package dev.gpudra.allocator;

import static dev.gpudra.allocator.Fixture.NODE_A;
import static dev.gpudra.allocator.Fixture.claim;
import static dev.gpudra.allocator.Fixture.cluster;
import static dev.gpudra.allocator.Fixture.exactly;
import static dev.gpudra.allocator.Fixture.firstAvailable;
import static dev.gpudra.allocator.Fixture.gpu;
import static dev.gpudra.allocator.Fixture.id;
import static dev.gpudra.allocator.Fixture.poolSlice;
import static dev.gpudra.allocator.Fixture.results;
import static dev.gpudra.allocator.Fixture.sub;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.CounterBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.CounterSetBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCounterConsumption;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCounterConsumptionBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The cases of kube-scheduler 1.37's allocator tests for DRADeviceCompatibilityGroups. */
@DisplayName("compatibility groups: devices on one counter set co-allocated only if they intersect")
class AllocatorCompatibilityGroupsTest {
  private final Allocator allocator = new Allocator(new FakeSelectorEvaluator());

  /** Two counter sets with room for four devices each. */
  private static final ResourceSlice COUNTERS =
      new ResourceSliceBuilder(poolSlice("a-0", "node-a", 1, 2).withNode("node-a"))
          .editSpec()
          .withDevices((List<Device>) null)
          .addToSharedCounters(set("cs1"), set("cs2"))
          .endSpec()
          .build();

  private static io.fabric8.kubernetes.api.model.resource.v1.CounterSet set(String name) {
    return new CounterSetBuilder()
        .withName(name)
        .addToCounters("memory", new CounterBuilder().withValue(new Quantity("4")).build())
        .build();
  }

  private static DeviceCounterConsumption on(String counterSet, String... groups) {
    DeviceCounterConsumption consumption =
        new DeviceCounterConsumptionBuilder()
            .withCounterSet(counterSet)
            .addToCounters("memory", new CounterBuilder().withValue(new Quantity("1")).build())
            .build();
    if (groups.length > 0) {
      consumption.setAdditionalProperty("compatibilityGroups", List.of(groups));
    }
    return consumption;
  }

  private static Device device(String name, DeviceCounterConsumption... consumptions) {
    return new DeviceBuilder(gpu(name, "pci0")).withConsumesCounters(consumptions).build();
  }

  private AllocationOutcome allocate(List<Device> devices, Set<DeviceId> elsewhere, long count) {
    return allocate(devices, elsewhere, claim(exactly("gpu", count)));
  }

  private AllocationOutcome allocate(
      List<Device> devices,
      Set<DeviceId> elsewhere,
      io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim claim) {
    ResourceSlice slice =
        poolSlice("a-1", "node-a", 1, 2, devices.toArray(Device[]::new)).withNode("node-a");
    List<ResourceSlice> slices = new ArrayList<>(List.of(COUNTERS, slice));
    return allocator.allocate(claim, cluster(slices, elsewhere), NODE_A);
  }

  @Test
  @DisplayName("two devices of one group on one counter set: both allocated")
  void compatible() {
    AllocationOutcome outcome =
        allocate(
            List.of(device("mig-0", on("cs1", "mig")), device("mig-1", on("cs1", "mig"))),
            Set.of(),
            2);

    assertThat(results(outcome))
        .containsExactly("gpu=gpu.example.com/node-a/mig-0", "gpu=gpu.example.com/node-a/mig-1");
  }

  @Test
  @DisplayName("mig and vgpu on one counter set: no result, the vgpu device's reason names both")
  void incompatible() {
    AllocationOutcome outcome =
        allocate(
            List.of(device("mig-0", on("cs1", "mig")), device("vgpu-0", on("cs1", "vgpu"))),
            Set.of(),
            2);

    assertThat(results(outcome)).singleElement().asString().startsWith("unsatisfiable");
    assertThat(outcome.explanation().request("gpu").orElseThrow().candidates())
        .filteredOn(c -> c.device().device().equals("vgpu-0"))
        .singleElement()
        .satisfies(c -> {
          assertThat(c.outcome()).isEqualTo(CandidateOutcome.GROUPS_TAKEN_BY_CLAIM);
          assertThat(c.reason())
              .isEqualTo(
                  "on counter set cs1 it has compatibility groups [vgpu], and the devices other"
                      + " claims and this claim hold there have in common [mig]");
        });
  }

  @Test
  @DisplayName(
      "a mig device held by another claim: a vgpu device is out (GROUPS_IN_USE), a mig device in")
  void allocatedPeer() {
    List<Device> devices =
        List.of(
            device("mig-0", on("cs1", "mig")),
            device("vgpu-0", on("cs1", "vgpu")),
            device("mig-1", on("cs1", "mig")));

    AllocationOutcome outcome = allocate(devices, Set.of(id("node-a", "mig-0")), 1);

    assertThat(results(outcome)).containsExactly("gpu=gpu.example.com/node-a/mig-1");
    assertThat(outcome.explanation().request("gpu").orElseThrow().candidates())
        .filteredOn(c -> c.device().device().equals("vgpu-0"))
        .singleElement()
        .satisfies(c -> {
          assertThat(c.outcome()).isEqualTo(CandidateOutcome.GROUPS_IN_USE);
          assertThat(c.reason())
              .isEqualTo(
                  "on counter set cs1 it has compatibility groups [vgpu], and other claims'"
                      + " devices there have in common [mig]");
        });
  }

  @Test
  @DisplayName("a device without groups never joins grouped ones, nor they it")
  void noGroups() {
    List<Device> devices = List.of(device("plain", on("cs1")), device("mig-0", on("cs1", "mig")));

    assertThat(results(allocate(devices, Set.of(), 2)))
        .singleElement()
        .asString()
        .startsWith("unsatisfiable");
    assertThat(results(allocate(devices, Set.of(id("node-a", "plain")), 1)))
        .singleElement()
        .asString()
        .startsWith("unsatisfiable");
    assertThat(
            results(
                allocate(
                    List.of(device("plain-0", on("cs1")), device("plain-1", on("cs1"))),
                    Set.of(),
                    2)))
        .hasSize(2);
  }

  @Test
  @DisplayName("mig on cs1 and vgpu on cs2: different counter sets are never compared")
  void otherCounterSet() {
    AllocationOutcome outcome =
        allocate(
            List.of(device("mig-0", on("cs1", "mig")), device("vgpu-0", on("cs2", "vgpu"))),
            Set.of(),
            2);

    assertThat(results(outcome)).hasSize(2);
  }

  @Test
  @DisplayName("a device on two counter sets must be admitted by both")
  void spanningDevice() {
    AllocationOutcome outcome =
        allocate(
            List.of(
                device("mig-0", on("cs1", "mig")),
                device("wide", on("cs1", "vgpu"), on("cs2", "vgpu"))),
            Set.of(),
            2);

    assertThat(results(outcome)).singleElement().asString().startsWith("unsatisfiable");
  }

  @Test
  @DisplayName(
      "the intersection narrows: {foo, foobar} and {bar, foobar} leave foobar; {baz} is out,"
          + " {qux, foobar} in")
  void rollingIntersection() {
    List<Device> devices =
        List.of(
            device("a", on("cs1", "foo", "foobar")),
            device("b", on("cs1", "bar", "foobar")),
            device("c", on("cs1", "baz")),
            device("d", on("cs1", "qux", "foobar")));

    assertThat(results(allocate(devices, Set.of(), 3)))
        .containsExactly(
            "gpu=gpu.example.com/node-a/a",
            "gpu=gpu.example.com/node-a/b",
            "gpu=gpu.example.com/node-a/d");
    assertThat(results(allocate(devices, Set.of(), 4)))
        .singleElement()
        .asString()
        .startsWith("unsatisfiable");
  }

  @Test
  @DisplayName("a prioritized list falls back when its first choice needs incompatible devices")
  void prioritizedList() {
    List<Device> devices =
        List.of(device("mig-0", on("cs1", "mig")), device("vgpu-0", on("cs1", "vgpu")));

    AllocationOutcome outcome =
        allocate(devices, Set.of(), claim(firstAvailable("gpu", sub("two", 2), sub("one", 1))));

    assertThat(results(outcome)).containsExactly("gpu/one=gpu.example.com/node-a/mig-0");
  }
}
