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
 */
public record GpuPod(String namespace, String name, NodeStack stack, Map<String, String> labels) {
  public GpuPod {
    labels = Map.copyOf(labels);
  }

  @Override
  public String toString() {
    return namespace + "/" + name;
  }
}
