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
   * What a status is written from.
   *
   * @param before the conditions stored now (their transition times are kept)
   * @param now the time of this reconcile
   */
  private record Written(
      String namespace, ReconcileOutcome outcome, List<Condition> before, Instant now) {
    Written(
        String namespace,
        ReconcileOutcome outcome,
        Optional<ClusterPolicyStatus> previous,
        Instant now) {
      this(
          namespace, outcome, previous.map(ClusterPolicyStatus::conditions).orElse(List.of()), now);
    }
  }

  /**
   * @param previous the status stored now (its conditions' transition times are kept)
   * @param now the time of this reconcile
   */
  public static ClusterPolicyStatus of(
      ReconcileOutcome outcome,
      String namespace,
      Optional<ClusterPolicyStatus> previous,
      Instant now) {
    Written written = new Written(namespace, outcome, previous, now);
    if (!outcome.failure().isEmpty()) {
      return error(written, Reasons.RECONCILE_FAILED, outcome.failure());
    }
    if (!outcome.notReady().isEmpty()) {
      return error(
          written,
          Reasons.OPERAND_NOT_READY,
          "ClusterPolicy is not ready, states not ready: " + outcome.notReady());
    }
    if (!outcome.nfdLabels()) {
      return ready(
          written,
          Reasons.NFD_LABELS_MISSING,
          "No NFD labels found: the GPU nodes cannot be found");
    }
    if (outcome.gpuNodes() == 0) {
      return ready(written, Reasons.NO_GPU_NODES, "No GPU node found in the cluster");
    }
    return ready(written, Reasons.RECONCILED, "All resources have been successfully reconciled");
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
    Written written = new Written(namespace, outcome, previous, now);
    if (!outcome.failure().isEmpty()) {
      return error(written, Reasons.RECONCILE_FAILED, outcome.failure());
    }
    return error(written, Reasons.DELETING, waiting);
  }

  /** The status of a ClusterPolicy that is not the singleton. */
  public static ClusterPolicyStatus ignored(
      String namespace, Optional<ClusterPolicyStatus> previous) {
    return new ClusterPolicyStatus(
        State.IGNORED, namespace, previous.map(ClusterPolicyStatus::conditions).orElse(null), null);
  }

  private static ClusterPolicyStatus ready(Written written, String reason, String message) {
    return status(
        written, State.READY, pair(true, reason, message, written.before(), written.now()));
  }

  private static ClusterPolicyStatus error(Written written, String reason, String message) {
    return status(
        written, State.NOT_READY, pair(false, reason, message, written.before(), written.now()));
  }

  private static ClusterPolicyStatus status(
      Written written, State state, List<Condition> conditions) {
    return new ClusterPolicyStatus(
        state,
        written.namespace(),
        conditions,
        written.outcome().moving(),
        written.outcome().upgrading());
  }

  /** Ready and Error, as a pair: ready with {@code reason}, or an error with it. */
  static List<Condition> pair(
      boolean ready, String reason, String message, List<Condition> before, Instant now) {
    List<Condition> pair =
        ready
            ? List.of(
                condition(READY, "True", reason, message), condition(ERROR, "False", READY, ""))
            : List.of(
                condition(READY, "False", ERROR, ""), condition(ERROR, "True", reason, message));
    pair.forEach(c -> c.setLastTransitionTime(since(c, before, now)));
    return pair;
  }

  private static Condition condition(String type, String status, String reason, String message) {
    return new ConditionBuilder()
        .withType(type)
        .withStatus(status)
        .withReason(reason)
        .withMessage(message)
        .build();
  }

  /** The condition's transition time: the stored one's while its status holds, else now. */
  private static String since(Condition condition, List<Condition> before, Instant now) {
    return before.stream()
        .filter(c ->
            condition.getType().equals(c.getType()) && condition.getStatus().equals(c.getStatus()))
        .map(Condition::getLastTransitionTime)
        .findFirst()
        .orElse(now.toString());
  }
}
