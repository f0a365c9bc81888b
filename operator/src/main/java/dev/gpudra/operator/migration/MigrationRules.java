package dev.gpudra.operator.migration;

import dev.gpudra.operator.labels.NodeStack;
import java.util.List;

/**
 * The next step of a node's move, from what it shows now. A node with nothing of the other stack on
 * it (a new GPU node) gets its stack at once; otherwise: cordon; wait until no pod holds GPUs
 * through the stack it leaves (evicting those the drain policy allows); leaving the DRA driver,
 * wait until the operator's own pods that hold its claims (the DRA validator, taken off once the
 * node no longer targets DRA) are gone; take the old stack off and wait until its plugin pod is
 * gone; put the new one on and wait until its plugin is ready; uncordon. The target {@code NONE}
 * (the policy is deleted) ends once the old stack's plugin is gone. Each call starts from the
 * node's state, so a step that failed is taken again.
 */
public final class MigrationRules {
  private final DrainPolicy drain;

  public MigrationRules(DrainPolicy drain) {
    this.drain = drain;
  }

  public MigrationPlan next(NodeSituation node) {
    NodeStack target = node.target();
    if (node.labelled() == target) {
      return arrived(node);
    }
    List<GpuPod> holding = node.gpuPods().stream().filter(p -> p.stack() != target).toList();
    boolean oldPlugin = node.pluginPods().stream().anyMatch(s -> s != target);
    if (node.labelled() == NodeStack.NONE && holding.isEmpty() && !oldPlugin) {
      // nothing of the other stack is on the node: a new GPU node just gets its stack (steady
      // from now on); one whose move took the old stack off gets the new one
      return node.cordonedByMove()
          ? keeping(
              node, MigrationStep.START_NEW_STACK, target, true, "starting the " + name(target))
          : keeping(node, MigrationStep.STEADY, target, false, "");
    }
    if (!node.unschedulable()) {
      return plan(node, MigrationStep.CORDON, node.labelled(), Cordon.BY_MOVE, "cordoning");
    }
    if (!holding.isEmpty()) {
      List<GpuPod> evict = drain.evictable(holding);
      return withEvictions(
          evict,
          plan(
              node,
              MigrationStep.WAIT_FOR_GPU_PODS,
              node.labelled(),
              Cordon.held(node),
              (evict.isEmpty() ? "waiting for " : "draining ")
                  + holding.size()
                  + " pod(s) holding GPUs through "
                  + name(leaving(node))
                  + ": "
                  + holding));
    }
    if (node.labelled() == NodeStack.DRA && !node.operandClaims().isEmpty()) {
      return plan(
          node,
          MigrationStep.STOP_CLAIM_CONSUMERS,
          NodeStack.DRA,
          Cordon.held(node),
          "waiting for the operator's pods holding gpu.nvidia.com claims to stop before the DRA"
              + " driver: "
              + node.operandClaims());
    }
    return stopping(node);
  }

  private MigrationPlan arrived(NodeSituation node) {
    NodeStack target = node.target();
    if (target == NodeStack.NONE) {
      if (!node.pluginPods().isEmpty()) {
        return stopping(node);
      }
      return node.cordonedByMove()
          ? plan(node, MigrationStep.UNCORDON, target, Cordon.NONE, "uncordoning")
          : keeping(node, MigrationStep.STEADY, target, false, "");
    }
    if (!node.cordonedByMove()) {
      return keeping(node, MigrationStep.STEADY, target, false, "");
    }
    if (!node.readyPlugins().contains(target)) {
      return plan(
          node,
          MigrationStep.START_NEW_STACK,
          target,
          Cordon.BY_MOVE,
          "waiting for the " + name(target) + " to be ready");
    }
    return plan(node, MigrationStep.UNCORDON, target, Cordon.NONE, "uncordoning");
  }

  /** The old stack's labels are off; its plugin pod is going. */
  private MigrationPlan stopping(NodeSituation node) {
    return plan(
        node,
        MigrationStep.STOP_OLD_STACK,
        NodeStack.NONE,
        Cordon.held(node),
        "waiting for the " + name(leaving(node)) + " pod to stop");
  }

  /**
   * The node's cordon in a plan.
   *
   * @param unschedulable whether the node is to be unschedulable
   * @param byMove whether that cordon is the move's (the move lifts it at the end)
   */
  private record Cordon(boolean unschedulable, boolean byMove) {
    static final Cordon BY_MOVE = new Cordon(true, true);
    static final Cordon NONE = new Cordon(false, false);

    /** Cordoned, by the move if it was before. */
    static Cordon held(NodeSituation node) {
      return new Cordon(true, node.cordonedByMove());
    }
  }

  /** A plan that keeps the node's cordon as it is. */
  private static MigrationPlan keeping(
      NodeSituation node, MigrationStep step, NodeStack stack, boolean cordoned, String message) {
    return plan(node, step, stack, new Cordon(node.unschedulable(), cordoned), message);
  }

  private static MigrationPlan plan(
      NodeSituation node, MigrationStep step, NodeStack stack, Cordon cordon, String message) {
    boolean consumers = stack == NodeStack.DRA && node.target() == NodeStack.DRA;
    return new MigrationPlan(
        step, stack, cordon.unschedulable(), cordon.byMove(), List.of(), message, consumers);
  }

  /** The plan, evicting these pods. */
  private static MigrationPlan withEvictions(List<GpuPod> evict, MigrationPlan plan) {
    return new MigrationPlan(
        plan.step(),
        plan.stack(),
        plan.unschedulable(),
        plan.cordonedByMove(),
        evict,
        plan.message(),
        plan.claimConsumers());
  }

  /** The stack a node on its way to its target leaves. */
  private static NodeStack leaving(NodeSituation node) {
    if (node.labelled() != NodeStack.NONE) {
      return node.labelled();
    }
    return node.pluginPods().stream()
        .filter(s -> s != node.target())
        .findFirst()
        .orElse(node.target() == NodeStack.DRA ? NodeStack.DEVICE_PLUGIN : NodeStack.DRA);
  }

  private static String name(NodeStack stack) {
    return switch (stack) {
      case DEVICE_PLUGIN -> "device plugin";
      case DRA -> "DRA driver";
      case NONE -> "no stack";
    };
  }
}
