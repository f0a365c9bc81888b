package dev.gpudra.localcluster.scheduler;

import static dev.gpudra.localcluster.scheduler.Fixtures.claim;
import static dev.gpudra.localcluster.scheduler.Fixtures.slice;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.allocator.Allocator;
import dev.gpudra.allocator.CandidateNode;
import dev.gpudra.allocator.ClusterState;
import dev.gpudra.allocator.DeviceId;
import dev.gpudra.allocator.FailureReason;
import dev.gpudra.allocator.cel.DeviceSelectorEnv;
import dev.gpudra.allocator.cel.SelectorEnvOptions;
import dev.gpudra.allocator.matching.CelSelectorEvaluator;
import dev.gpudra.deviceclasses.model.DeviceClassFactory;
import dev.gpudra.deviceclasses.model.DeviceClassOptions;
import dev.gpudra.localcluster.scheduler.PlacementDecision.Fits;
import dev.gpudra.localcluster.scheduler.PlacementDecision.FitsNowhere;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class PodPlacementTest {
  private static final List<CandidateNode> NODES =
      List.of(new CandidateNode("node-a", Map.of()), new CandidateNode("node-b", Map.of()));
  private final PodPlacement placement =
      new PodPlacement(
          new Allocator(
              new CelSelectorEvaluator(new DeviceSelectorEnv(SelectorEnvOptions.defaults()))));

  private static ClusterState cluster(Set<DeviceId> taken) {
    Map<String, DeviceClass> classes =
        new DeviceClassFactory()
            .deviceClasses(DeviceClassOptions.allDrivers()).stream()
                .collect(Collectors.toMap(c -> c.getMetadata().getName(), Function.identity()));
    return new ClusterState(classes, List.of(slice("node-a", 2), slice("node-b", 4)), taken);
  }

  @Test
  @DisplayName("nodes are tried in order: the first node that fits every claim wins")
  void firstNodeThatFits() {
    var decision = placement.place(List.of(claim("one", 1, false)), cluster(Set.of()), NODES);
    assertThat(decision)
        .isInstanceOfSatisfying(
            Fits.class,
            f -> {
              assertThat(f.node()).isEqualTo("node-a");
              assertThat(ClaimStatuses.devices(f.allocations().get("one")))
                  .containsExactly(new DeviceId("gpu.nvidia.com", "node-a", "gpu-0"));
            });
  }

  @Test
  @DisplayName("a CEL runtime error on any node aborts, even where another node fits (scheduler)")
  void selectorErrorAnywhereAborts() {
    String expression =
        "device.attributes['resource.kubernetes.io'].pcieRoot == 'pci-0'"
            + " || device.attributes['gpu.nvidia.com'].nope == 1";
    ResourceClaim claim =
        new ResourceClaimBuilder(claim("one", 1, false))
            .editSpec()
            .editDevices()
            .editFirstRequest()
            .editExactly()
            .addNewSelector()
            .withNewCel(expression)
            .endSelector()
            .endExactly()
            .endRequest()
            .endDevices()
            .endSpec()
            .build();
    // node-a's gpu-0 matches; on node-b gpu-0 and gpu-1 are taken, and gpu-2 fails at run time
    Set<DeviceId> taken =
        Set.of(
            new DeviceId("gpu.nvidia.com", "node-b", "gpu-0"),
            new DeviceId("gpu.nvidia.com", "node-b", "gpu-1"));

    var decision = placement.place(List.of(claim), cluster(taken), NODES);

    assertThat(decision)
        .isInstanceOfSatisfying(
            FitsNowhere.class,
            f -> {
              assertThat(f.misses())
                  .extracting(PlacementDecision.NodeMiss::node)
                  .containsExactly("node-b");
              assertThat(PodPlacement.aborts(f.misses().getFirst())).isTrue();
            });
  }

  @Test
  @DisplayName("a node without enough free devices is skipped")
  void skipsFullNode() {
    Set<DeviceId> taken = Set.of(new DeviceId("gpu.nvidia.com", "node-a", "gpu-0"));
    var decision = placement.place(List.of(claim("two", 2, false)), cluster(taken), NODES);
    assertThat(decision)
        .isInstanceOfSatisfying(Fits.class, f -> assertThat(f.node()).isEqualTo("node-b"));
  }

  @Test
  @DisplayName("two claims of one pod never get the same device")
  void claimsOfOnePodTakeDistinctDevices() {
    var decision =
        placement.place(
            List.of(claim("x", 1, false), claim("y", 1, false)), cluster(Set.of()), NODES);
    assertThat(decision)
        .isInstanceOfSatisfying(
            Fits.class,
            f -> {
              Set<DeviceId> all = new HashSet<>(ClaimStatuses.devices(f.allocations().get("x")));
              all.addAll(ClaimStatuses.devices(f.allocations().get("y")));
              assertThat(all).hasSize(2);
            });
  }

  @Test
  @DisplayName("a matchAttribute constraint keeps the devices behind one PCIe root")
  void honoursMatchAttribute() {
    Set<DeviceId> taken = Set.of(new DeviceId("gpu.nvidia.com", "node-b", "gpu-1"));
    var decision = placement.place(List.of(claim("pair", 2, true)), cluster(taken), NODES);
    assertThat(decision)
        .isInstanceOfSatisfying(
            Fits.class,
            f ->
                assertThat(ClaimStatuses.devices(f.allocations().get("pair")))
                    .extracting(DeviceId::device)
                    .containsExactlyInAnyOrder("gpu-0", "gpu-1"));
  }

  @Test
  @DisplayName("a claim allocated for another node keeps the pod off this one")
  void allocatedClaimPinsThePod() {
    var first =
        (Fits) placement.place(List.of(claim("shared", 1, false)), cluster(Set.of()), NODES);
    ResourceClaim allocated =
        new ResourceClaimBuilder(claim("shared", 1, false))
            .withNewStatus()
            .withAllocation(first.allocations().get("shared"))
            .endStatus()
            .build();
    var decision = placement.place(List.of(allocated), cluster(Set.of()), List.of(NODES.get(1)));
    assertThat(decision)
        .isInstanceOfSatisfying(
            FitsNowhere.class,
            n -> assertThat(n.misses().get(0).reason()).isEqualTo("allocated for another node"));
    assertThat(placement.place(List.of(allocated), cluster(Set.of()), NODES))
        .isInstanceOfSatisfying(Fits.class, f -> assertThat(f.allocations()).isEmpty());
  }

  @Test
  @DisplayName("a pod that fits nowhere gets one explained miss per node and a one-line summary")
  void fitsNowhere() {
    var decision = placement.place(List.of(claim("nine", 9, false)), cluster(Set.of()), NODES);
    assertThat(decision)
        .isInstanceOfSatisfying(
            FitsNowhere.class,
            n -> {
              assertThat(n.misses())
                  .extracting(PlacementDecision.NodeMiss::node)
                  .containsExactly("node-a", "node-b");
              assertThat(n.misses())
                  .allSatisfy(m ->
                      assertThat(m.outcome().orElseThrow().reason())
                          .isEqualTo(FailureReason.NOT_ENOUGH_DEVICES));
              assertThat(n.summary()).startsWith("0/2 nodes are available: node-a: claim nine: ");
            });
  }
}
