package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonProperty;

/** {@code status.state} of a GPUCluster, NVIDIA's strings. */
public enum GpuClusterState {
  @JsonProperty("ready")
  READY,
  @JsonProperty("notReady")
  NOT_READY,
  /** NVIDIA's Go type has it; its operator writes notReady beside a ClusterPolicy, as ours. */
  @JsonProperty("disabled")
  DISABLED
}
