package dev.gpudra.localcluster.scheduler;

import static dev.gpudra.localcluster.scheduler.Fixtures.claim;
import static dev.gpudra.localcluster.scheduler.Fixtures.slice;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.allocator.Allocator;
import dev.gpudra.allocator.CandidateNode;
import dev.gpudra.allocator.cel.DeviceSelectorEnv;
import dev.gpudra.allocator.cel.SelectorEnvOptions;
import dev.gpudra.allocator.cluster.ClusterSnapshot;
import dev.gpudra.allocator.matching.CelSelectorEvaluator;
import dev.gpudra.deviceclasses.model.DeviceClassFactory;
import dev.gpudra.deviceclasses.model.DeviceClassOptions;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class AllocatorAgreementTest {
  private static final List<CandidateNode> NODES =
      List.of(new CandidateNode("node-a", Map.of()), new CandidateNode("node-b", Map.of()));

  private final AllocatorAgreement agreement =
      new AllocatorAgreement(
          new PodPlacement(
              new Allocator(
                  new CelSelectorEvaluator(new DeviceSelectorEnv(SelectorEnvOptions.defaults())))));

  /** node-a with 2 GPUs, node-b with 4; nothing allocated; the claim did not exist yet. */
  private static ClusterSnapshot before() {
    Map<String, DeviceClass> classes =
        new DeviceClassFactory()
            .deviceClasses(DeviceClassOptions.allDrivers()).stream()
                .collect(Collectors.toMap(c -> c.getMetadata().getName(), Function.identity()));
    return new ClusterSnapshot(
        classes, List.of(slice("node-a", 2), slice("node-b", 4)), List.of(), NODES);
  }

  /** The claim as the scheduler left it: allocated these GPUs of this node. */
  private static ResourceClaim allocated(ResourceClaim claim, String node, int... gpus) {
    var devices =
        new ResourceClaimBuilder(claim).withNewStatus().withNewAllocation().withNewDevices();
    for (int gpu : gpus) {
      devices =
          devices
              .addNewResult()
              .withRequest("gpu")
              .withDriver("gpu.nvidia.com")
              .withPool(node)
              .withDevice("gpu-" + gpu)
              .endResult();
    }
    return devices.endDevices().endAllocation().endStatus().build();
  }

  private static SchedulerVerdict boundTo(String node) {
    return new SchedulerVerdict(Optional.of(node), Optional.empty(), false);
  }

  @Test
  @DisplayName("the scheduler's devices on its chosen node are the ones we predict there: agree")
  void agrees() {
    ResourceClaim claim = allocated(claim("two", 2, false), "node-b", 0, 1);

    var result = agreement.compare(before(), List.of(claim), boundTo("node-b"));

    assertThat(result.differences()).isEmpty();
  }

  @Test
  @DisplayName("other devices than ours on the same node: a difference naming both")
  void differentDevices() {
    ResourceClaim claim = allocated(claim("two", 2, false), "node-b", 2, 3);

    var result = agreement.compare(before(), List.of(claim), boundTo("node-b"));

    assertThat(result.differences())
        .singleElement()
        .asString()
        .contains("gpu=gpu.nvidia.com/node-b/gpu-2", "gpu=gpu.nvidia.com/node-b/gpu-0");
  }

  @Test
  @DisplayName("bound where our allocator finds no room: a difference")
  void boundWhereWeSeeNoRoom() {
    ResourceClaim claim = allocated(claim("three", 3, false), "node-a", 0, 1, 2);

    var result = agreement.compare(before(), List.of(claim), boundTo("node-a"));

    assertThat(result.differences()).singleElement().asString().contains("node-a");
  }

  @Test
  @DisplayName("unschedulable while we fit it: a difference; unschedulable where we agree: none")
  void unschedulable() {
    var gaveUp = new SchedulerVerdict(Optional.empty(), Optional.of("0/2 nodes"), false);

    assertThat(agreement.compare(before(), List.of(claim("one", 1, false)), gaveUp).differences())
        .singleElement()
        .asString()
        .contains("our allocator fits the pod on node-a");
    assertThat(agreement.compare(before(), List.of(claim("nine", 9, false)), gaveUp).differences())
        .isEmpty();
  }

  @Test
  @DisplayName("the scheduler aborting on an error where we only find no room: a difference")
  void abortedVersusUnschedulable() {
    var aborted = new SchedulerVerdict(Optional.empty(), Optional.of("SchedulerError: x"), true);

    assertThat(agreement.compare(before(), List.of(claim("nine", 9, false)), aborted).differences())
        .singleElement()
        .asString()
        .contains("aborted on an error");
  }

  @Test
  @DisplayName("neither bound nor given up: reported as undecided")
  void undecided() {
    var nothing = new SchedulerVerdict(Optional.empty(), Optional.empty(), false);

    assertThat(agreement.compare(before(), List.of(claim("one", 1, false)), nothing).differences())
        .singleElement()
        .asString()
        .contains("neither bound");
  }

  /** node-a's two GPUs shared by memory (40Gi, asked for by amount), node-b's as they are. */
  private static ClusterSnapshot shareable() {
    ClusterSnapshot one = before();
    ResourceSlice a = one.slices().get(0);
    ResourceSlice shared =
        new ResourceSliceBuilder(a)
            .editSpec()
            .withDevices(
                a.getSpec().getDevices().stream()
                    .map(d ->
                        new io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder(d)
                            .withAllowMultipleAllocations(true)
                            .addToCapacity(
                                "memory",
                                new io.fabric8.kubernetes.api.model.resource.v1
                                        .DeviceCapacityBuilder()
                                    .withValue(new Quantity("40Gi"))
                                    .build())
                            .build())
                    .toList())
            .endSpec()
            .build();
    return new ClusterSnapshot(
        one.classes(), List.of(shared, one.slices().get(1)), List.of(), NODES);
  }

  /** A claim for a share of 10Gi, and the scheduler's result with its own share ID and amount. */
  private static ResourceClaim sharedAllocation(String consumed) {
    ResourceClaim claim = claim("share", 1, false);
    claim
        .getSpec()
        .getDevices()
        .getRequests()
        .get(0)
        .getExactly()
        .setCapacity(
            new io.fabric8.kubernetes.api.model.resource.v1.CapacityRequirementsBuilder()
                .addToRequests("memory", new Quantity("10Gi"))
                .build());
    ResourceClaim done = allocated(claim, "node-a", 0);
    var result = done.getStatus().getAllocation().getDevices().getResults().get(0);
    result.setShareID("3f0c5a55-2b1e-4c1c-9a7e-0d6c2b1f7a10");
    result.setConsumedCapacity(Map.of("memory", new Quantity(consumed)));
    return done;
  }

  @Test
  @DisplayName(
      "a share agrees whatever its random share ID and however the amount is written; another"
          + " amount is a difference")
  void shares() {
    assertThat(
            agreement
                .compare(shareable(), List.of(sharedAllocation("10737418240")), boundTo("node-a"))
                .differences())
        .isEmpty();
    assertThat(
            agreement
                .compare(shareable(), List.of(sharedAllocation("20Gi")), boundTo("node-a"))
                .differences())
        .singleElement()
        .asString()
        .contains("(share {memory=21474836480})", "(share {memory=10737418240})");
  }

  /** node-b's four GPUs in two slices of one pool, as a plugin with per-GPU slices has them. */
  private static ClusterSnapshot twoSlices() {
    ClusterSnapshot one = before();
    ResourceSlice whole = slice("node-b", 4);
    List<ResourceSlice> halves = List.of(half(whole, "a", 0, 2), half(whole, "b", 2, 4));
    return new ClusterSnapshot(
        one.state().deviceClasses(),
        List.of(slice("node-a", 2), halves.get(0), halves.get(1)),
        List.of(),
        NODES);
  }

  private static ResourceSlice half(ResourceSlice whole, String suffix, int from, int to) {
    return new ResourceSliceBuilder(whole)
        .editMetadata()
        .withName("node-b-gpu-" + suffix)
        .endMetadata()
        .editSpec()
        .editPool()
        .withResourceSliceCount(2L)
        .endPool()
        .withDevices(whole.getSpec().getDevices().subList(from, to))
        .endSpec()
        .build();
  }

  @Test
  @DisplayName(
      "a pool of several slices, whose order Kubernetes 1.35 does not fix: other devices that fit"
          + " agree, devices that do not fit the claim still differ")
  void multiSlicePool() {
    ResourceClaim otherFit = allocated(claim("one", 1, false), "node-b", 3);
    ResourceClaim notTogether = allocated(claim("pair", 2, true), "node-b", 1, 2);

    assertThat(agreement.compare(twoSlices(), List.of(otherFit), boundTo("node-b")).differences())
        .isEmpty();
    assertThat(
            agreement
                .compare(twoSlices(), List.of(twoRequests(3, 0)), boundTo("node-b"))
                .differences())
        .as("requests given devices out of our slice order")
        .isEmpty();
    assertThat(
            agreement.compare(twoSlices(), List.of(notTogether), boundTo("node-b")).differences())
        .singleElement()
        .asString()
        .contains("the scheduler allocated");
  }

  /** A claim with requests first and second, one GPU each, allocated these GPUs of node-b. */
  private static ResourceClaim twoRequests(int first, int second) {
    ResourceClaim claim =
        new ResourceClaimBuilder(claim("twins", 1, false))
            .editSpec()
            .editDevices()
            .editFirstRequest()
            .withName("first")
            .endRequest()
            .addNewRequest()
            .withName("second")
            .withNewExactly()
            .withDeviceClassName("gpu.nvidia.com")
            .withCount(1L)
            .endExactly()
            .endRequest()
            .endDevices()
            .endSpec()
            .build();
    return new ResourceClaimBuilder(claim)
        .withNewStatus()
        .withNewAllocation()
        .withNewDevices()
        .addNewResult()
        .withRequest("first")
        .withDriver("gpu.nvidia.com")
        .withPool("node-b")
        .withDevice("gpu-" + first)
        .endResult()
        .addNewResult()
        .withRequest("second")
        .withDriver("gpu.nvidia.com")
        .withPool("node-b")
        .withDevice("gpu-" + second)
        .endResult()
        .endDevices()
        .endAllocation()
        .endStatus()
        .build();
  }
}
