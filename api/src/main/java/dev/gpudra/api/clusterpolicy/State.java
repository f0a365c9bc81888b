package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonProperty;

/** {@code status.state} of a ClusterPolicy, NVIDIA's strings. */
public enum State {
  /** Not the singleton: another ClusterPolicy is older, this one is not reconciled. */
  @JsonProperty("ignored")
  IGNORED,
  /** Every enabled state is ready. */
  @JsonProperty("ready")
  READY,
  /** At least one state is not ready, or reconciling failed. */
  @JsonProperty("notReady")
  NOT_READY
}
