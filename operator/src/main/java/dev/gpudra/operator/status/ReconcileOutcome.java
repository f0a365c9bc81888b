package dev.gpudra.operator.status;

import dev.gpudra.api.clusterpolicy.NodeMigrationStatus;
import dev.gpudra.api.clusterpolicy.NodeUpgradeStatus;
import java.util.List;

/**
 * What one reconcile of the singleton ClusterPolicy found.
 *
 * @param gpuNodes how many nodes are labelled {@code nvidia.com/gpu.present=true}
 * @param nfdLabels whether any node carries NFD's labels
 * @param notReady the enabled states that are not ready, by NVIDIA's names, in order
 * @param failure why the reconcile failed (an invalid field, an API error), empty if it did not
 * @param moving the GPU nodes moving between stacks, and where each is
 * @param upgrading the GPU nodes whose driver upgrade is under way or failed, and where each is
 */
public record ReconcileOutcome(
    int gpuNodes,
    boolean nfdLabels,
    List<String> notReady,
    String failure,
    List<NodeMigrationStatus> moving,
    List<NodeUpgradeStatus> upgrading) {
  public ReconcileOutcome {
    notReady = List.copyOf(notReady);
    moving = List.copyOf(moving);
    upgrading = List.copyOf(upgrading);
  }

  /** An outcome with no driver upgrade under way. */
  public ReconcileOutcome(
      int gpuNodes,
      boolean nfdLabels,
      List<String> notReady,
      String failure,
      List<NodeMigrationStatus> moving) {
    this(gpuNodes, nfdLabels, notReady, failure, moving, List.of());
  }
}
