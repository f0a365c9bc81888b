package dev.gpudra.operator.status;

import dev.gpudra.api.clusterpolicy.GpuClusterState;
import dev.gpudra.api.clusterpolicy.GpuClusterStatus;
import dev.gpudra.api.clusterpolicy.Reasons;
import io.fabric8.kubernetes.api.model.Condition;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * NVIDIA's GPUCluster status: {@code notReady} with {@code PrerequisiteNotMet} while a
 * ClusterPolicy exists, with {@code ReconcileFailed} when reconciling failed, with {@code
 * OperandNotReady} ("Waiting for operand pods to be ready; states not ready: [...]") while a state
 * is not ready; else {@code ready}, {@code Reconciled}. Conditions as a ClusterPolicy's (Ready and
 * Error).
 */
public final class GpuClusterStatusRules {
  private GpuClusterStatusRules() {}

  public static GpuClusterStatus of(
      ReconcileOutcome outcome,
      String namespace,
      Optional<GpuClusterStatus> previous,
      Instant now) {
    List<Condition> before = before(previous);
    if (!outcome.failure().isEmpty()) {
      return notReady(namespace, Reasons.RECONCILE_FAILED, outcome.failure(), before, now);
    }
    if (!outcome.notReady().isEmpty()) {
      return notReady(
          namespace,
          Reasons.OPERAND_NOT_READY,
          "Waiting for operand pods to be ready; states not ready: " + outcome.notReady(),
          before,
          now);
    }
    return new GpuClusterStatus(
        GpuClusterState.READY,
        namespace,
        PolicyStatusRules.pair(
            true,
            Reasons.RECONCILED,
            "All resources have been successfully reconciled",
            before,
            now));
  }

  /** Being deleted, waiting for its nodes to leave the DRA driver (gpu-dra's reason). */
  public static GpuClusterStatus deleting(
      String waiting,
      ReconcileOutcome outcome,
      String namespace,
      Optional<GpuClusterStatus> previous,
      Instant now) {
    return outcome.failure().isEmpty()
        ? notReady(namespace, Reasons.DELETING, waiting, before(previous), now)
        : notReady(namespace, Reasons.RECONCILE_FAILED, outcome.failure(), before(previous), now);
  }

  /** While the ClusterPolicy {@code policy} exists beside it (NVIDIA's message). */
  public static GpuClusterStatus besidePolicy(
      String policy, String namespace, Optional<GpuClusterStatus> previous, Instant now) {
    return notReady(
        namespace,
        Reasons.PREREQUISITE_NOT_MET,
        "A ClusterPolicy CR \""
            + policy
            + "\" exists; a ClusterPolicy CR and GPUCluster CR may not exist at the same time",
        before(previous),
        now);
  }

  private static GpuClusterStatus notReady(
      String namespace, String reason, String message, List<Condition> before, Instant now) {
    return new GpuClusterStatus(
        GpuClusterState.NOT_READY,
        namespace,
        PolicyStatusRules.pair(false, reason, message, before, now));
  }

  private static List<Condition> before(Optional<GpuClusterStatus> previous) {
    return previous.map(GpuClusterStatus::conditions).filter(c -> c != null).orElse(List.of());
  }
}
