package dev.gpudra.localcluster.scheduler;

import dev.gpudra.allocator.Unsatisfiable;
import io.fabric8.kubernetes.api.model.resource.v1.AllocationResult;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/** Where a pending pod goes, or why it goes nowhere. */
public sealed interface PlacementDecision {

  /**
   * The pod fits {@code node}.
   *
   * @param node the node to bind to
   * @param allocations new allocations by claim name (claims allocated before are not listed)
   */
  record Fits(String node, Map<String, AllocationResult> allocations) implements PlacementDecision {
    public Fits {
      Objects.requireNonNull(node, "node");
      allocations = Map.copyOf(allocations);
    }
  }

  /**
   * No node fits.
   *
   * @param misses one entry per node tried, in order
   */
  record FitsNowhere(List<NodeMiss> misses) implements PlacementDecision {
    public FitsNowhere {
      misses = List.copyOf(misses);
    }

    /** One line in the kube-scheduler's style, for the PodScheduled condition. */
    public String summary() {
      return "0/"
          + misses.size()
          + " nodes are available: "
          + misses.stream()
              .map(m ->
                  m.node()
                      + ": "
                      + (m.claimName().isEmpty() ? "" : "claim " + m.claimName() + ": ")
                      + m.reason())
              .collect(Collectors.joining("; "));
    }
  }

  /**
   * Why one node does not fit.
   *
   * @param node the node
   * @param claimName the first claim that does not fit; empty when the node lacks allocatable
   *     extended resources
   * @param reason one line
   * @param outcome the allocator's explained answer, when the allocator was asked
   */
  record NodeMiss(String node, String claimName, String reason, Optional<Unsatisfiable> outcome) {
    public NodeMiss {
      Objects.requireNonNull(node, "node");
      Objects.requireNonNull(claimName, "claimName");
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(outcome, "outcome");
    }
  }
}
