package dev.gpudra.operator.migration;

import dev.gpudra.operator.labels.NodeStack;
import java.util.List;

/**
 * What a GPU node shows, as far as its move between stacks goes.
 *
 * @param target the stack it should run ({@link StackTargets})
 * @param labelled the stack its deploy labels give it now ({@code NONE} mid-move)
 * @param unschedulable whether it is cordoned
 * @param cordonedByMove whether this move cordoned it (its annotation), so the move uncordons it
 * @param gpuPods the pods on it that hold GPUs, through either stack
 * @param pluginPods the stacks whose plugin pod still runs on it (not yet deleted)
 * @param readyPlugins the stacks whose plugin pod on it is ready
 * @param operandClaims the operator's own pods on it that hold {@code gpu.nvidia.com} claims
 *     (NVIDIA's DRA validator: admin access), as {@code namespace/name}
 */
public record NodeSituation(
    NodeStack target,
    NodeStack labelled,
    boolean unschedulable,
    boolean cordonedByMove,
    List<GpuPod> gpuPods,
    List<NodeStack> pluginPods,
    List<NodeStack> readyPlugins,
    List<String> operandClaims) {
  public NodeSituation {
    gpuPods = List.copyOf(gpuPods);
    pluginPods = List.copyOf(pluginPods);
    readyPlugins = List.copyOf(readyPlugins);
    operandClaims = List.copyOf(operandClaims);
  }
}
