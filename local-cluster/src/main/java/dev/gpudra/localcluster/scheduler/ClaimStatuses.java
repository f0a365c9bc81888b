package dev.gpudra.localcluster.scheduler;

import dev.gpudra.allocator.CandidateNode;
import dev.gpudra.allocator.DeviceId;
import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.resource.v1.AllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.AllocationResultBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimConsumerReference;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimConsumerReferenceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimStatus;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimStatusBuilder;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/** Reads and derives {@code ResourceClaim.status}: allocations, reservations, releases. Pure. */
public final class ClaimStatuses {

  private ClaimStatuses() {}

  /** The claim's allocation, or null. */
  public static AllocationResult allocation(ResourceClaim claim) {
    return claim.getStatus() == null ? null : claim.getStatus().getAllocation();
  }

  /** The devices of an allocation result. */
  public static Set<DeviceId> devices(AllocationResult result) {
    return devices(result, r -> true);
  }

  /**
   * The devices an allocation result holds with admin access: free for other claims, but, while the
   * scheduler allocates one pod's claims, not for the pod's later claims.
   */
  public static Set<DeviceId> adminDevices(AllocationResult result) {
    return devices(result, r -> Boolean.TRUE.equals(r.getAdminAccess()));
  }

  private static Set<DeviceId> devices(
      AllocationResult result, Predicate<DeviceRequestAllocationResult> which) {
    Set<DeviceId> ids = new HashSet<>();
    if (result.getDevices() != null && result.getDevices().getResults() != null) {
      result.getDevices().getResults().stream()
          .filter(which)
          .forEach(r -> ids.add(new DeviceId(r.getDriver(), r.getPool(), r.getDevice())));
    }
    return ids;
  }

  /** True when the allocation's node selector (none: everywhere) admits the node. */
  public static boolean usableOn(AllocationResult result, CandidateNode node) {
    NodeSelector selector = result.getNodeSelector();
    if (selector == null || selector.getNodeSelectorTerms() == null) {
      return true;
    }
    return selector.getNodeSelectorTerms().stream().anyMatch(t -> matches(t, node));
  }

  private static boolean matches(NodeSelectorTerm term, CandidateNode node) {
    boolean fields =
        term.getMatchFields() == null
            || term.getMatchFields().stream()
                .allMatch(r -> in(r, "metadata.name".equals(r.getKey()) ? node.name() : null));
    boolean labels =
        term.getMatchExpressions() == null
            || term.getMatchExpressions().stream()
                .allMatch(r -> in(r, node.labels().get(r.getKey())));
    return fields && labels;
  }

  private static boolean in(NodeSelectorRequirement requirement, String value) {
    boolean contained = value != null && requirement.getValues().contains(value);
    return switch (requirement.getOperator()) {
      case "In" -> contained;
      case "NotIn" -> !contained;
      case "Exists" -> value != null;
      case "DoesNotExist" -> value == null;
      default -> false;
    };
  }

  /** The status after allocating (when {@code allocation} is not null) and reserving for a pod. */
  public static ResourceClaimStatus reserved(
      ResourceClaim claim, AllocationResult allocation, Pod pod) {
    ResourceClaimStatus current =
        claim.getStatus() == null ? new ResourceClaimStatus() : claim.getStatus();
    List<ResourceClaimConsumerReference> consumers = new ArrayList<>(consumers(claim));
    String uid = pod.getMetadata().getUid();
    if (consumers.stream().noneMatch(c -> uid.equals(c.getUid()))) {
      consumers.add(
          new ResourceClaimConsumerReferenceBuilder()
              .withApiGroup("")
              .withResource("pods")
              .withName(pod.getMetadata().getName())
              .withUid(uid)
              .build());
    }
    AllocationResult allocated = allocation == null ? current.getAllocation() : allocation;
    if (allocated != null
        && allocated.getAllocationTimestamp() == null
        && BindingWait.needed(allocated)) {
      // kube-scheduler stamps an allocation that waits for binding conditions
      allocated =
          new AllocationResultBuilder(allocated)
              .withAllocationTimestamp(Instant.now().truncatedTo(ChronoUnit.SECONDS).toString())
              .build();
    }
    return new ResourceClaimStatusBuilder(current)
        .withAllocation(allocated)
        .withReservedFor(consumers)
        .build();
  }

  /**
   * The claim without the pod in {@code reservedFor}; without its allocation and device statuses
   * too when no other consumer is left (kube-scheduler after a failed binding).
   */
  public static ResourceClaimStatus unreserved(ResourceClaim claim, String podUid) {
    List<ResourceClaimConsumerReference> kept =
        consumers(claim).stream().filter(c -> !podUid.equals(c.getUid())).toList();
    ResourceClaimStatusBuilder status =
        new ResourceClaimStatusBuilder(claim.getStatus())
            .withReservedFor(kept.isEmpty() ? null : kept);
    return kept.isEmpty()
        ? status.withAllocation(null).withDevices(List.of()).build()
        : status.build();
  }

  /** The claim's consumers ({@code status.reservedFor}). */
  public static List<ResourceClaimConsumerReference> consumers(ResourceClaim claim) {
    return claim.getStatus() == null || claim.getStatus().getReservedFor() == null
        ? List.of()
        : claim.getStatus().getReservedFor();
  }

  /** True when {@code status.reservedFor} names the pod. */
  public static boolean reservedFor(ResourceClaim claim, String podUid) {
    return consumers(claim).stream().anyMatch(c -> podUid.equals(c.getUid()));
  }

  /**
   * The status once the pods not in {@code livePods} are gone: they leave {@code reservedFor}, and
   * a claim nobody reserves is deallocated. Null when nothing changes.
   */
  public static ResourceClaimStatus released(ResourceClaim claim, Set<String> livePods) {
    List<ResourceClaimConsumerReference> consumers = consumers(claim);
    List<ResourceClaimConsumerReference> kept =
        consumers.stream().filter(c -> livePods.contains(c.getUid())).toList();
    if (kept.size() == consumers.size()) {
      return null;
    }
    return new ResourceClaimStatusBuilder(claim.getStatus())
        .withReservedFor(kept.isEmpty() ? null : kept)
        .withAllocation(kept.isEmpty() ? null : claim.getStatus().getAllocation())
        .build();
  }
}
