package dev.gpudra.operator.migration;

import dev.gpudra.operator.labels.NodeStack;
import java.util.Map;

/**
 * A pod on the node that holds GPUs, and through which stack: {@code nvidia.com/gpu} or {@code
 * nvidia.com/mig-*} resources (the device plugin), or allocated {@code gpu.nvidia.com} claims
 * (DRA).
 *
 * @param namespace its namespace
 * @param name its name
 * @param stack the stack its GPUs come from
 * @param labels its labels, for the drain's pod selector
 * @param terminating whether it is already being deleted: it still holds its GPUs until it is gone,
 *     but is not evicted again
 */
public record GpuPod(
    String namespace,
    String name,
    NodeStack stack,
    Map<String, String> labels,
    boolean terminating) {
  public GpuPod {
    labels = Map.copyOf(labels);
  }

  /** A pod that is not being deleted. */
  public GpuPod(String namespace, String name, NodeStack stack, Map<String, String> labels) {
    this(namespace, name, stack, labels, false);
  }

  @Override
  public String toString() {
    return namespace + "/" + name;
  }
}
