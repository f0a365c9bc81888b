package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How operand DaemonSets are updated ({@code spec.daemonsets.updateStrategy}). */
public enum UpdateStrategyType {
  /** Replace pods a few at a time. */
  @JsonProperty("RollingUpdate")
  ROLLING_UPDATE,
  /** Replace a pod only when it is deleted. */
  @JsonProperty("OnDelete")
  ON_DELETE
}
