package dev.gpudra.api.nvidiadriver;

import com.fasterxml.jackson.annotation.JsonProperty;

/** {@code status.state} of an NVIDIADriver, NVIDIA's strings. */
public enum NvidiaDriverState {
  @JsonProperty("ignored")
  IGNORED,
  /** Every node it owns runs its driver, ready. */
  @JsonProperty("ready")
  READY,
  /** A node it owns is not ready yet, or it was refused. */
  @JsonProperty("notReady")
  NOT_READY,
  /** The ClusterPolicy does not hand its driver to NVIDIADriver resources. */
  @JsonProperty("disabled")
  DISABLED
}
