package dev.gpudra.localcluster.scheduler;

import dev.gpudra.allocator.CandidateNode;
import dev.gpudra.allocator.ClusterState;
import dev.gpudra.allocator.cluster.ClusterSnapshot;
import dev.gpudra.localcluster.scheduler.PlacementDecision.Fits;
import dev.gpudra.localcluster.scheduler.PlacementDecision.FitsNowhere;
import io.fabric8.kubernetes.api.model.resource.v1.AllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Holds a scheduler's decision for one pod against what our allocator ({@link PodPlacement})
 * predicts from the cluster as it was just before the pod was created: the pod must fit somewhere
 * exactly when the scheduler bound it, and on the node the scheduler chose our allocator must pick
 * the very devices the scheduler allocated, request by request (where a pool has several slices,
 * whose order Kubernetes 1.35 does not fix: devices our allocator accepts as they are). Pure.
 */
public final class AllocatorAgreement {
  private final PodPlacement placement;

  public AllocatorAgreement(PodPlacement placement) {
    this.placement = Objects.requireNonNull(placement, "placement");
  }

  /**
   * @param before the cluster just before the pod was created
   * @param claims the pod's claims as they are now (allocated by the scheduler), in spec order
   * @param verdict what the scheduler did
   */
  public Agreement compare(
      ClusterSnapshot before, List<ResourceClaim> claims, SchedulerVerdict verdict) {
    List<ResourceClaim> asBefore = claims.stream().map(c -> asBefore(before, c)).toList();
    PlacementDecision prediction = placement.place(asBefore, before.state(), before.nodes());
    List<String> differences = new ArrayList<>();
    if (verdict.undecided()) {
      differences.add("the scheduler neither bound the pod nor marked it unschedulable");
    } else if (verdict.node().isPresent()) {
      bound(new Claims(before, asBefore, claims), verdict.node().get(), prediction, differences);
    } else {
      gaveUp(verdict, prediction, differences);
    }
    return new Agreement(prediction, feasibleNodes(asBefore, before), differences);
  }

  /** Every node our allocator fits the pod on by itself: the scheduler may pick any of them. */
  private List<String> feasibleNodes(List<ResourceClaim> claims, ClusterSnapshot before) {
    return before.nodes().stream()
        .filter(n -> placement.place(claims, before.state(), List.of(n)) instanceof Fits)
        .map(CandidateNode::name)
        .toList();
  }

  private static void gaveUp(
      SchedulerVerdict verdict, PlacementDecision prediction, List<String> differences) {
    String message = verdict.unschedulableMessage().orElseThrow();
    switch (prediction) {
      case Fits fits ->
          differences.add(
              "the scheduler found no node ("
                  + message
                  + ") but our allocator fits the pod on "
                  + fits.node());
      case FitsNowhere nowhere -> {
        boolean weAbort = nowhere.misses().stream().anyMatch(PodPlacement::aborts);
        if (weAbort != verdict.aborted()) {
          differences.add(
              (verdict.aborted()
                      ? "the scheduler aborted on an error ("
                      : "the scheduler found no" + " node (")
                  + message
                  + ") but our allocator: "
                  + nowhere.summary());
        }
      }
    }
  }

  /**
   * The pod's claims as the allocator saw them and as the scheduler left them.
   *
   * @param before the cluster just before the pod was created
   * @param asBefore the claims as they were then, unallocated
   * @param now the claims as the scheduler allocated them
   */
  private record Claims(
      ClusterSnapshot before, List<ResourceClaim> asBefore, List<ResourceClaim> now) {}

  private void bound(
      Claims claims, String node, PlacementDecision prediction, List<String> differences) {
    ClusterSnapshot before = claims.before();
    if (prediction instanceof FitsNowhere nowhere) {
      differences.add(
          "the scheduler bound the pod to " + node + " but our allocator: " + nowhere.summary());
      return;
    }
    Optional<CandidateNode> candidate =
        before.nodes().stream().filter(n -> n.name().equals(node)).findFirst();
    if (candidate.isEmpty()) {
      differences.add("the scheduler bound the pod to unknown node " + node);
      return;
    }
    switch (placement.place(claims.asBefore(), before.state(), List.of(candidate.get()))) {
      case FitsNowhere nowhere ->
          differences.add(
              "the scheduler chose " + node + " where our allocator: " + nowhere.summary());
      case Fits fits -> {
        List<String> mismatch = new ArrayList<>();
        sameDevices(fits, claims.now(), mismatch);
        if (!mismatch.isEmpty() && !validAlternative(claims, candidate.get())) {
          differences.addAll(mismatch);
        }
      }
    }
  }

  /**
   * Kubernetes 1.35's scheduler walks the slices of a pool in its informer's order, which is not
   * stable, so where a pool has several slices it may take other devices than the first fit our
   * allocator finds in slice-name order (1.36 sorts). Its choice is still right when our allocator,
   * shown only the devices it chose (counters and all else as they were), allocates exactly those.
   */
  private boolean validAlternative(Claims claims, CandidateNode node) {
    ClusterSnapshot before = claims.before();
    List<ResourceClaim> asBefore = claims.asBefore();
    List<ResourceClaim> now = claims.now();
    List<String> chosen = new ArrayList<>();
    for (ResourceClaim claim : now) {
      results(ClaimStatuses.allocation(claim)).forEach(r -> chosen.add(deviceOf(r)));
    }
    List<ResourceSlice> slices = before.state().slices();
    boolean multiSlicePool =
        slices.stream()
            .filter(s -> node.name().equals(s.getSpec().getNodeName()))
            .map(AllocatorAgreement::poolOf)
            .collect(Collectors.groupingBy(k -> k, Collectors.counting()))
            .values()
            .stream()
            .anyMatch(n -> n > 1);
    if (!multiSlicePool) {
      return false;
    }
    ClusterState only =
        new ClusterState(
            before.state().deviceClasses(),
            inChosenOrder(slices, chosen),
            before.state().inUse(),
            before.taintRules());
    if (!(placement.place(asBefore, only, List.of(node)) instanceof Fits fits)) {
      return false;
    }
    List<String> again = new ArrayList<>();
    sameDevices(fits, now, again);
    return again.isEmpty();
  }

  /**
   * The slices with only the scheduler's devices, each in a slice of its own named so that slice
   * order is the order of the scheduler's results (request by request): a first fit over them
   * reproduces the scheduler's assignment exactly when it is valid. Counter sets stay; every pool
   * keeps an exact slice count.
   */
  private static List<ResourceSlice> inChosenOrder(
      List<ResourceSlice> slices, List<String> chosen) {
    List<ResourceSlice> out = new ArrayList<>();
    for (ResourceSlice slice : slices) {
      if (slice.getSpec().getDevices() == null || slice.getSpec().getDevices().isEmpty()) {
        out.add(slice); // counters only
        continue;
      }
      for (var device : slice.getSpec().getDevices()) {
        int index = chosen.indexOf(poolOf(slice) + "/" + device.getName());
        if (index >= 0) {
          out.add(
              new ResourceSliceBuilder(slice)
                  .editMetadata()
                  .withName(String.format("%03d-%s", index, slice.getMetadata().getName()))
                  .endMetadata()
                  .editSpec()
                  .withDevices(device)
                  .endSpec()
                  .build());
        }
      }
    }
    Map<String, Long> counts =
        out.stream()
            .collect(Collectors.groupingBy(AllocatorAgreement::poolOf, Collectors.counting()));
    return out.stream()
        .map(s ->
            new ResourceSliceBuilder(s)
                .editSpec()
                .editPool()
                .withResourceSliceCount(counts.get(poolOf(s)))
                .endPool()
                .endSpec()
                .build())
        .toList();
  }

  private static String poolOf(ResourceSlice slice) {
    return slice.getSpec().getDriver() + "/" + slice.getSpec().getPool().getName();
  }

  /** {@code driver/pool/device} of a result rendered by {@link #result}. */
  private static String deviceOf(String result) {
    String device = result.substring(result.indexOf('=') + 1);
    int marks = device.indexOf('(');
    return marks < 0 ? device : device.substring(0, marks);
  }

  private static void sameDevices(Fits fits, List<ResourceClaim> now, List<String> differences) {
    for (ResourceClaim claim : now) {
      AllocationResult predicted = fits.allocations().get(claim.getMetadata().getName());
      if (predicted == null) {
        continue; // allocated before this pod: nothing new to compare
      }
      List<String> ours = results(predicted);
      List<String> theirs = results(ClaimStatuses.allocation(claim));
      if (!ours.equals(theirs)) {
        differences.add(
            "claim "
                + claim.getMetadata().getName()
                + ": the scheduler allocated "
                + theirs
                + ", our allocator "
                + ours);
      }
    }
  }

  /** The claim without the allocation the scheduler just made (kept if it predates the pod). */
  private static ResourceClaim asBefore(ClusterSnapshot before, ResourceClaim claim) {
    Optional<ResourceClaim> then =
        before.claim(claim.getMetadata().getNamespace(), claim.getMetadata().getName());
    if (then.isPresent() && ClaimStatuses.allocation(then.get()) != null) {
      return then.get();
    }
    return new ResourceClaimBuilder(claim).withStatus(null).build();
  }

  private static List<String> results(AllocationResult allocation) {
    if (allocation == null || allocation.getDevices() == null) {
      return List.of();
    }
    return allocation.getDevices().getResults().stream().map(AllocatorAgreement::result).toList();
  }

  private static String result(DeviceRequestAllocationResult r) {
    return r.getRequest()
        + "="
        + r.getDriver()
        + "/"
        + r.getPool()
        + "/"
        + r.getDevice()
        + (Boolean.TRUE.equals(r.getAdminAccess()) ? "(admin)" : "")
        + share(r);
  }

  /**
   * A share (its ID is random, on both sides): what it consumes, compared by amount, as the two
   * sides may write one amount differently.
   */
  private static String share(DeviceRequestAllocationResult r) {
    if (r.getShareID() == null) {
      return "";
    }
    Map<String, String> consumed = new TreeMap<>();
    if (r.getConsumedCapacity() != null) {
      r.getConsumedCapacity()
          .forEach((name, q) ->
              consumed.put(name, q.getNumericalAmount().stripTrailingZeros().toPlainString()));
    }
    return "(share " + consumed + ")";
  }

  /**
   * @param prediction where our allocator places the pod, over every node
   * @param feasibleNodes every node it fits on by itself, in order (a scheduler that scores nodes
   *     may choose any; the first-fit stand-in takes the first)
   * @param differences each way the scheduler disagrees with it; empty when they agree
   */
  public record Agreement(
      PlacementDecision prediction, List<String> feasibleNodes, List<String> differences) {
    public Agreement {
      Objects.requireNonNull(prediction, "prediction");
      feasibleNodes = List.copyOf(feasibleNodes);
      differences = List.copyOf(differences);
    }
  }
}
