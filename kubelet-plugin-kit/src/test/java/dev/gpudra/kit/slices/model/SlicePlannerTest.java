package dev.gpudra.kit.slices.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SlicePlannerTest {
  private static final SliceTarget TARGET = new SliceTarget("node-a", "gpu.example.com");
  private final SlicePlanner planner = new SlicePlanner(TARGET, "node-uid");
  private final AtomicInteger names = new AtomicInteger();

  /** What the API server would hold after applying a plan. */
  private List<ResourceSlice> apply(List<ResourceSlice> existing, SyncPlan plan) {
    List<ResourceSlice> after = new ArrayList<>(existing);
    after.removeAll(plan.deletes());
    plan.updates().forEach(u -> after.replaceAll(s -> name(s).equals(name(u)) ? u : s));
    plan.creates()
        .forEach(c ->
            after.add(
                new ResourceSliceBuilder(c)
                    .editMetadata()
                    .withName(c.getMetadata().getGenerateName() + names.incrementAndGet())
                    .endMetadata()
                    .build()));
    return after;
  }

  private static String name(ResourceSlice s) {
    return s.getMetadata().getName();
  }

  @Test
  @DisplayName("a new pool is created at generation 1 with owner, node, driver and slice count")
  void createsNewPool() {
    SyncPlan plan = planner.plan(Devices.gpus(300), List.of());

    assertThat(plan.generation()).isEqualTo(1);
    assertThat(plan.deletes()).isEmpty();
    assertThat(plan.updates()).isEmpty();
    assertThat(plan.creates()).hasSize(3);
    ResourceSlice first = plan.creates().get(0);
    assertThat(plan.creates())
        .extracting(c -> c.getMetadata().getGenerateName())
        .containsExactly(
            "00000-gpu.example.com-node-a-",
            "00001-gpu.example.com-node-a-",
            "00002-gpu.example.com-node-a-");
    assertThat(first.getMetadata().getOwnerReferences())
        .singleElement()
        .satisfies(o -> {
          assertThat(o.getApiVersion()).isEqualTo("v1");
          assertThat(o.getKind()).isEqualTo("Node");
          assertThat(o.getName()).isEqualTo("node-a");
          assertThat(o.getUid()).isEqualTo("node-uid");
          assertThat(o.getController()).isTrue();
        });
    assertThat(first.getSpec().getNodeName()).isEqualTo("node-a");
    assertThat(first.getSpec().getDriver()).isEqualTo("gpu.example.com");
    assertThat(first.getSpec().getPool().getName()).isEqualTo("node-a");
    assertThat(first.getSpec().getPool().getResourceSliceCount()).isEqualTo(3);
  }

  @Test
  @DisplayName("publishing the same devices again writes nothing")
  void unchangedWritesNothing() {
    List<ResourceSlice> existing = apply(List.of(), planner.plan(Devices.gpus(300), List.of()));

    SyncPlan again = planner.plan(Devices.gpus(300), existing);

    assertThat(again.writesNothing()).isTrue();
    assertThat(again.generation()).isEqualTo(1);
  }

  @Test
  @DisplayName("changed devices bump the generation and rewrite every slice of the pool")
  void changedDevicesBumpGeneration() {
    List<ResourceSlice> existing = apply(List.of(), planner.plan(Devices.gpus(2), List.of()));
    List<Device> changed = List.of(Devices.gpu("gpu-0"), Devices.tainted("gpu-1"));

    SyncPlan plan = planner.plan(changed, existing);

    assertThat(plan.generation()).isEqualTo(2);
    assertThat(plan.updates())
        .singleElement()
        .satisfies(s -> assertThat(s.getSpec().getDevices()).isEqualTo(changed));
    assertThat(planner.plan(changed, apply(existing, plan)).writesNothing()).isTrue();
  }

  @Test
  @DisplayName(
      "the API server's timeAdded on a taint is not a difference, and stays when the slice is"
          + " rewritten for another change")
  void serverSetTaintTimeIsKept() {
    List<Device> tainted = List.of(Devices.gpu("gpu-0"), Devices.tainted("gpu-1"));
    List<ResourceSlice> stored =
        apply(List.of(), planner.plan(tainted, List.of())).stream()
            .map(SlicePlannerTest::withServerTimes)
            .toList();

    assertThat(planner.plan(tainted, stored).writesNothing()).isTrue();

    SyncPlan both =
        planner.plan(List.of(Devices.tainted("gpu-0"), Devices.tainted("gpu-1")), stored);
    assertThat(both.updates())
        .singleElement()
        .satisfies(s -> {
          assertThat(s.getSpec().getDevices().get(0).getTaints().get(0).getTimeAdded()).isNull();
          assertThat(s.getSpec().getDevices().get(1).getTaints().get(0).getTimeAdded())
              .isEqualTo("2026-11-24T03:00:00Z");
        });
  }

  @Test
  @DisplayName(
      "explicit slices: a counters-only slice (no devices field) and devices-only slices; the"
          + " same again writes nothing, changed counters rewrite the pool")
  void sharedCounterSlices() {
    io.fabric8.kubernetes.api.model.resource.v1.CounterSet set =
        new io.fabric8.kubernetes.api.model.resource.v1.CounterSetBuilder()
            .withName("gpu-0-counter-set")
            .addToCounters(
                "memory",
                new io.fabric8.kubernetes.api.model.resource.v1.CounterBuilder()
                    .withValue(new io.fabric8.kubernetes.api.model.Quantity("80Gi"))
                    .build())
            .build();
    List<SliceContent> slices =
        List.of(
            new SliceContent(List.of(), List.of(set)),
            SliceContent.of(List.of(Devices.gpu("gpu-0"))));

    SyncPlan first = planner.planSlices(slices, List.of());

    assertThat(first.creates()).hasSize(2);
    assertThat(first.creates().get(0).getSpec().getDevices()).isNull();
    assertThat(first.creates().get(0).getSpec().getSharedCounters()).containsExactly(set);
    assertThat(first.creates().get(1).getSpec().getSharedCounters()).isNull();
    assertThat(first.creates().get(1).getSpec().getPool().getResourceSliceCount()).isEqualTo(2);
    List<ResourceSlice> stored = apply(List.of(), first);
    assertThat(planner.planSlices(slices, stored).writesNothing()).isTrue();

    io.fabric8.kubernetes.api.model.resource.v1.CounterSet smaller =
        new io.fabric8.kubernetes.api.model.resource.v1.CounterSetBuilder(set)
            .addToCounters(
                "memory",
                new io.fabric8.kubernetes.api.model.resource.v1.CounterBuilder()
                    .withValue(new io.fabric8.kubernetes.api.model.Quantity("40Gi"))
                    .build())
            .build();
    SyncPlan changed =
        planner.planSlices(
            List.of(new SliceContent(List.of(), List.of(smaller)), slices.get(1)), stored);
    assertThat(changed.generation()).isEqualTo(2);
    assertThat(changed.updates()).hasSize(2);
  }

  /** What the API server stores: every taint without a time gets one. */
  private static ResourceSlice withServerTimes(ResourceSlice slice) {
    List<Device> devices =
        slice.getSpec().getDevices().stream()
            .map(d ->
                d.getTaints() == null
                    ? d
                    : new io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder(d)
                        .withTaints(
                            d.getTaints().stream()
                                .map(t ->
                                    new io.fabric8.kubernetes.api.model.resource.v1
                                            .DeviceTaintBuilder(t)
                                        .withTimeAdded("2026-11-24T03:00:00Z")
                                        .build())
                                .toList())
                        .build())
            .toList();
    return new ResourceSliceBuilder(slice).editSpec().withDevices(devices).endSpec().build();
  }

  @Test
  @DisplayName("a deleted slice is re-created and the remaining ones move to the new generation")
  void deletedSliceIsRecreated() {
    List<ResourceSlice> existing =
        new ArrayList<>(apply(List.of(), planner.plan(Devices.gpus(300), List.of())));
    existing.remove(1);

    SyncPlan plan = planner.plan(Devices.gpus(300), existing);

    assertThat(plan.generation()).isEqualTo(2);
    assertThat(plan.updates()).hasSize(2);
    assertThat(plan.creates()).hasSize(1);
    assertThat(plan.creates().get(0).getSpec().getDevices())
        .isEqualTo(Devices.gpus(300).subList(128, 256));
  }

  @Test
  @DisplayName("fewer devices delete the obsolete extra slices")
  void obsoleteSlicesAreDeleted() {
    List<ResourceSlice> existing = apply(List.of(), planner.plan(Devices.gpus(300), List.of()));

    SyncPlan plan = planner.plan(Devices.gpus(256), existing);

    assertThat(plan.deletes()).hasSize(1);
    assertThat(plan.updates()).hasSize(2);
    assertThat(plan.creates()).isEmpty();
    assertThat(plan.updates())
        .allSatisfy(s -> assertThat(s.getSpec().getPool().getResourceSliceCount()).isEqualTo(2));
  }

  @Test
  @DisplayName(
      "slices of an older generation or another pool of this driver on this node are deleted")
  void staleAndForeignSlicesAreDeleted() {
    SliceSpecs specs = new SliceSpecs(TARGET, "node-uid");
    ResourceSlice old = named(specs.newSlice(specs.spec(Devices.gpus(1), 1, 1), 0), "old");
    ResourceSlice current = named(specs.newSlice(specs.spec(Devices.gpus(1), 2, 1), 0), "current");
    ResourceSlice foreign =
        named(
            new ResourceSliceBuilder(old)
                .editSpec()
                .editPool()
                .withName("other")
                .endPool()
                .endSpec()
                .build(),
            "foreign");

    SyncPlan plan = planner.plan(Devices.gpus(1), List.of(old, current, foreign));

    assertThat(plan.deletes()).containsExactlyInAnyOrder(old, foreign);
    assertThat(plan.generation()).isEqualTo(3);
    assertThat(plan.updates())
        .singleElement()
        .satisfies(s -> assertThat(name(s)).isEqualTo("current"));
  }

  private static ResourceSlice named(ResourceSlice s, String name) {
    return new ResourceSliceBuilder(s).editMetadata().withName(name).endMetadata().build();
  }
}
