package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The workload a node runs when its label does not say ({@code
 * spec.sandboxWorkloads.defaultWorkload}).
 */
public enum WorkloadConfig {
  /** Containers on the node's GPUs. */
  @JsonProperty("container")
  CONTAINER,
  /** Virtual machines with whole GPUs passed through. */
  @JsonProperty("vm-passthrough")
  VM_PASSTHROUGH,
  /** Virtual machines with vGPUs. */
  @JsonProperty("vm-vgpu")
  VM_VGPU
}
