package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Which GPU nodes run the DRA driver instead of the device plugin ({@code migration.draNodes}). */
public enum DraNodes {
  /** Every GPU node. */
  @JsonProperty("all")
  ALL,
  /** None: every GPU node runs the device plugin (moving back from DRA). */
  @JsonProperty("none")
  NONE,
  /** The GPU nodes {@code migration.nodeSelector} selects; the others run the device plugin. */
  @JsonProperty("selected")
  SELECTED
}
