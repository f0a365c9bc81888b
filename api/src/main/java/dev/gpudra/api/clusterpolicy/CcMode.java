package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The confidential-computing mode CC manager sets on GPUs ({@code spec.ccManager.defaultMode}). */
public enum CcMode {
  /** Confidential computing on. */
  @JsonProperty("on")
  ON,
  /** Confidential computing off. */
  @JsonProperty("off")
  OFF,
  /** Developer-tools mode. */
  @JsonProperty("devtools")
  DEVTOOLS
}
