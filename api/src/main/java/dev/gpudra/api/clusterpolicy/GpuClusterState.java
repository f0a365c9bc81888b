package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonProperty;

/** {@code status.state} of a GPUCluster, NVIDIA's strings. */
public enum GpuClusterState {
  @JsonProperty("ready")
  READY,
  @JsonProperty("notReady")
  NOT_READY,
  /** A ClusterPolicy exists beside it, so it is not reconciled. */
  @JsonProperty("disabled")
  DISABLED
}
