package dev.gpudra.localcluster.scheduler;

import dev.gpudra.allocator.Allocation;
import dev.gpudra.allocator.AllocationOutcome;
import dev.gpudra.allocator.Allocator;
import dev.gpudra.allocator.CandidateNode;
import dev.gpudra.allocator.ClusterState;
import dev.gpudra.allocator.DevicesInUse;
import dev.gpudra.allocator.FailureReason;
import dev.gpudra.allocator.Unsatisfiable;
import dev.gpudra.localcluster.scheduler.PlacementDecision.Fits;
import dev.gpudra.localcluster.scheduler.PlacementDecision.FitsNowhere;
import dev.gpudra.localcluster.scheduler.PlacementDecision.NodeMiss;
import io.fabric8.kubernetes.api.model.resource.v1.AllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Decides where a pod goes: every node is tried, and the first in order that fits wins; on each,
 * every claim of the pod must be either allocated already and usable there, or allocatable there
 * now. A selector runtime error on any node means no node, as the scheduler aborts on it. Devices
 * chosen for one claim of the pod are taken before the next claim is allocated. Pure.
 */
public final class PodPlacement {
  private final Allocator allocator;

  public PodPlacement(Allocator allocator) {
    this.allocator = Objects.requireNonNull(allocator, "allocator");
  }

  /**
   * @param claims every claim of the pod, in spec order
   * @param cluster classes, slices and the devices other claims hold
   * @param nodes the candidate nodes, in the order to try
   */
  public PlacementDecision place(
      List<ResourceClaim> claims, ClusterState cluster, List<CandidateNode> nodes) {
    List<NodeMiss> misses = new ArrayList<>();
    Optional<Fits> first = Optional.empty();
    for (CandidateNode node : nodes) {
      NodeTry attempt = tryNode(claims, cluster, node);
      if (attempt.miss().isPresent()) {
        misses.add(attempt.miss().get());
      } else if (first.isEmpty()) {
        first = Optional.of(new Fits(node.name(), attempt.allocations()));
      }
    }
    // the scheduler filters every node; an error on any of them (a CEL runtime error) aborts the
    // whole attempt, even where another node fits
    if (misses.stream().anyMatch(PodPlacement::aborts)) {
      return new FitsNowhere(misses);
    }
    return first.<PlacementDecision>map(f -> f).orElseGet(() -> new FitsNowhere(misses));
  }

  /** Whether the miss is an error that makes the scheduler abort rather than skip the node. */
  public static boolean aborts(NodeMiss miss) {
    return miss.outcome().map(u -> u.reason() == FailureReason.SELECTOR_ERROR).orElse(false);
  }

  private NodeTry tryNode(List<ResourceClaim> claims, ClusterState cluster, CandidateNode node) {
    DevicesInUse taken = cluster.inUse();
    Map<String, AllocationResult> allocations = new LinkedHashMap<>();
    for (ResourceClaim claim : claims) {
      String name = claim.getMetadata().getName();
      AllocationResult existing = ClaimStatuses.allocation(claim);
      if (existing != null) {
        if (!ClaimStatuses.usableOn(existing, node)) {
          return NodeTry.missed(
              new NodeMiss(node.name(), name, "allocated for another node", Optional.empty()));
        }
        continue;
      }
      ClusterState state =
          new ClusterState(cluster.deviceClasses(), cluster.slices(), taken, cluster.taintRules());
      AllocationOutcome outcome = allocator.allocate(claim, state, node);
      switch (outcome) {
        case Allocation a -> {
          allocations.put(name, a.result());
          taken = taken.with(a.result()).holding(ClaimStatuses.adminDevices(a.result()));
        }
        case Unsatisfiable u -> {
          return NodeTry.missed(new NodeMiss(node.name(), name, u.message(), Optional.of(u)));
        }
      }
    }
    return new NodeTry(Optional.empty(), allocations);
  }

  private record NodeTry(Optional<NodeMiss> miss, Map<String, AllocationResult> allocations) {
    static NodeTry missed(NodeMiss miss) {
      return new NodeTry(Optional.of(miss), Map.of());
    }
  }
}
