package dev.gpudra.operator.migration;

import dev.gpudra.operator.labels.NodeStack;
import java.util.List;

/**
 * The next step of a node's move, from what it shows now. A node with nothing of the other stack on
 * it (a new GPU node) gets its stack at once; otherwise: cordon; wait until no pod holds GPUs
 * through the stack it leaves (evicting those the drain policy allows); take the old stack off and
 * wait until its plugin pod is gone; put the new one on and wait until its plugin is ready;
 * uncordon. Each call starts from the node's state, so a step that failed is taken again.
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
          ? plan(
              MigrationStep.START_NEW_STACK,
              target,
              node.unschedulable(),
              true,
              List.of(),
              "starting the " + name(target))
          : plan(MigrationStep.STEADY, target, node.unschedulable(), false, List.of(), "");
    }
    if (!node.unschedulable()) {
      return plan(MigrationStep.CORDON, node.labelled(), true, true, List.of(), "cordoning");
    }
    if (!holding.isEmpty()) {
      List<GpuPod> evict = drain.evictable(holding);
      return plan(
          MigrationStep.WAIT_FOR_GPU_PODS,
          node.labelled(),
          true,
          node.cordonedByMove(),
          evict,
          (evict.isEmpty() ? "waiting for " : "draining ")
              + holding.size()
              + " pod(s) holding GPUs through "
              + name(other(target))
              + ": "
              + holding);
    }
    return plan(
        MigrationStep.STOP_OLD_STACK,
        NodeStack.NONE,
        true,
        node.cordonedByMove(),
        List.of(),
        "waiting for the " + name(other(target)) + " pod to stop");
  }

  private static MigrationPlan arrived(NodeSituation node) {
    NodeStack target = node.target();
    if (!node.cordonedByMove()) {
      return plan(MigrationStep.STEADY, target, node.unschedulable(), false, List.of(), "");
    }
    if (!node.readyPlugins().contains(target)) {
      return plan(
          MigrationStep.START_NEW_STACK,
          target,
          true,
          true,
          List.of(),
          "waiting for the " + name(target) + " to be ready");
    }
    return plan(MigrationStep.UNCORDON, target, false, false, List.of(), "uncordoning");
  }

  private static MigrationPlan plan(
      MigrationStep step,
      NodeStack stack,
      boolean unschedulable,
      boolean cordonedByMove,
      List<GpuPod> evict,
      String message) {
    return new MigrationPlan(step, stack, unschedulable, cordonedByMove, evict, message);
  }

  private static NodeStack other(NodeStack target) {
    return target == NodeStack.DRA ? NodeStack.DEVICE_PLUGIN : NodeStack.DRA;
  }

  private static String name(NodeStack stack) {
    return switch (stack) {
      case DEVICE_PLUGIN -> "device plugin";
      case DRA -> "DRA driver";
      case NONE -> "no stack";
    };
  }
}
