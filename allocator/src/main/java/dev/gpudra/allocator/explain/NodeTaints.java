package dev.gpudra.allocator.explain;

import dev.gpudra.allocator.CandidateNode;
import dev.gpudra.allocator.FailureReason;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether kube-scheduler would consider a node for the pod at all: a cordoned node, or a {@code
 * NoSchedule} or {@code NoExecute} taint the pod does not tolerate, keeps it off (the
 * NodeUnschedulable and TaintToleration filters run before the devices are looked at).
 */
final class NodeTaints {
  private NodeTaints() {}

  /** Why the pod cannot go to the node, if it cannot. */
  static Optional<NodeRefusal> refusal(CandidateNode node, List<Toleration> tolerations) {
    return node.taints().stream()
        .filter(t -> "NoSchedule".equals(t.getEffect()) || "NoExecute".equals(t.getEffect()))
        .filter(t -> tolerations.stream().noneMatch(tol -> tolerates(tol, t)))
        .findFirst()
        .map(NodeTaints::refusal);
  }

  private static NodeRefusal refusal(Taint taint) {
    String text =
        taint.getKey()
            + (taint.getValue() == null || taint.getValue().isEmpty() ? "" : "=" + taint.getValue())
            + ":"
            + taint.getEffect();
    if (CandidateNode.UNSCHEDULABLE.equals(taint.getKey())) {
      return new NodeRefusal(
          FailureReason.NODE_UNSCHEDULABLE,
          "the node is cordoned (spec.unschedulable) and the pod does not tolerate " + text);
    }
    return new NodeRefusal(
        FailureReason.NODE_TAINTED,
        "the node has taint " + text + ", which the pod does not tolerate");
  }

  /** As the core API defines it: an empty effect or key (with Exists) matches every one. */
  static boolean tolerates(Toleration toleration, Taint taint) {
    String effect = toleration.getEffect();
    if (effect != null && !effect.isEmpty() && !effect.equals(taint.getEffect())) {
      return false;
    }
    String key = Objects.requireNonNullElse(toleration.getKey(), "");
    String operator = Objects.requireNonNullElse(toleration.getOperator(), "Equal");
    return switch (operator) {
      case "Exists" -> key.isEmpty() || key.equals(taint.getKey());
      case "Equal", "" ->
          key.equals(taint.getKey())
              && Objects.requireNonNullElse(toleration.getValue(), "")
                  .equals(Objects.requireNonNullElse(taint.getValue(), ""));
      default -> false;
    };
  }

  /** A node the pod cannot use, and why. */
  record NodeRefusal(FailureReason reason, String message) {}
}
