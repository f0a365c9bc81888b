package dev.gpudra.operator.status;

import dev.gpudra.api.clusterpolicy.ClusterPolicyStatus;
import dev.gpudra.api.clusterpolicy.Reasons;
import dev.gpudra.api.clusterpolicy.State;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * NVIDIA's status rules: a failed reconcile is {@code notReady} with {@code Error=True} and {@code
 * ReconcileFailed}; states not ready are {@code notReady} with {@code OperandNotReady}; otherwise
 * {@code ready}, reason {@code NFDLabelsMissing} without NFD's labels, {@code NoGPUNodes} without
 * GPU nodes, else {@code Reconciled}. Ready and Error always come as a pair.
 */
public final class PolicyStatusRules {
  static final String READY = "Ready";
  static final String ERROR = "Error";

  private PolicyStatusRules() {}

  /**
   * @param previous the status stored now (its conditions' transition times are kept)
   * @param now the time of this reconcile
   */
  public static ClusterPolicyStatus of(
      ReconcileOutcome outcome,
      String namespace,
      Optional<ClusterPolicyStatus> previous,
      Instant now) {
    List<Condition> before = previous.map(ClusterPolicyStatus::conditions).orElse(List.of());
    if (!outcome.failure().isEmpty()) {
      return error(namespace, Reasons.RECONCILE_FAILED, outcome.failure(), outcome, before, now);
    }
    if (!outcome.notReady().isEmpty()) {
      return error(
          namespace,
          Reasons.OPERAND_NOT_READY,
          "ClusterPolicy is not ready, states not ready: " + outcome.notReady(),
          outcome,
          before,
          now);
    }
    if (!outcome.nfdLabels()) {
      return ready(
          namespace,
          Reasons.NFD_LABELS_MISSING,
          "No NFD labels found: the GPU nodes cannot be found",
          outcome,
          before,
          now);
    }
    if (outcome.gpuNodes() == 0) {
      return ready(
          namespace,
          Reasons.NO_GPU_NODES,
          "No GPU node found in the cluster",
          outcome,
          before,
          now);
    }
    return ready(
        namespace,
        Reasons.RECONCILED,
        "All resources have been successfully reconciled",
        outcome,
        before,
        now);
  }

  /**
   * A policy being deleted that waits for its nodes to leave the DRA driver: {@code notReady},
   * {@code Deleting}, with what it waits for.
   */
  public static ClusterPolicyStatus deleting(
      String waiting,
      ReconcileOutcome outcome,
      String namespace,
      Optional<ClusterPolicyStatus> previous,
      Instant now) {
    List<Condition> before = previous.map(ClusterPolicyStatus::conditions).orElse(List.of());
    if (!outcome.failure().isEmpty()) {
      return error(namespace, Reasons.RECONCILE_FAILED, outcome.failure(), outcome, before, now);
    }
    return error(namespace, Reasons.DELETING, waiting, outcome, before, now);
  }

  /** The status of a ClusterPolicy that is not the singleton. */
  public static ClusterPolicyStatus ignored(
      String namespace, Optional<ClusterPolicyStatus> previous) {
    return new ClusterPolicyStatus(
        State.IGNORED, namespace, previous.map(ClusterPolicyStatus::conditions).orElse(null), null);
  }

  private static ClusterPolicyStatus ready(
      String namespace,
      String reason,
      String message,
      ReconcileOutcome outcome,
      List<Condition> before,
      Instant now) {
    return new ClusterPolicyStatus(
        State.READY,
        namespace,
        List.of(
            condition(READY, "True", reason, message, before, now),
            condition(ERROR, "False", READY, "", before, now)),
        outcome.moving(),
        outcome.upgrading());
  }

  private static ClusterPolicyStatus error(
      String namespace,
      String reason,
      String message,
      ReconcileOutcome outcome,
      List<Condition> before,
      Instant now) {
    return new ClusterPolicyStatus(
        State.NOT_READY,
        namespace,
        List.of(
            condition(READY, "False", ERROR, "", before, now),
            condition(ERROR, "True", reason, message, before, now)),
        outcome.moving(),
        outcome.upgrading());
  }

  /** Ready and Error, as a pair: ready with {@code reason}, or an error with it. */
  static List<Condition> pair(
      boolean ready, String reason, String message, List<Condition> before, Instant now) {
    return ready
        ? List.of(
            condition(READY, "True", reason, message, before, now),
            condition(ERROR, "False", READY, "", before, now))
        : List.of(
            condition(READY, "False", ERROR, "", before, now),
            condition(ERROR, "True", reason, message, before, now));
  }

  private static Condition condition(
      String type,
      String status,
      String reason,
      String message,
      List<Condition> before,
      Instant now) {
    String since =
        before.stream()
            .filter(c -> type.equals(c.getType()) && status.equals(c.getStatus()))
            .map(Condition::getLastTransitionTime)
            .findFirst()
            .orElse(now.toString());
    return new ConditionBuilder()
        .withType(type)
        .withStatus(status)
        .withReason(reason)
        .withMessage(message)
        .withLastTransitionTime(since)
        .build();
  }
}
