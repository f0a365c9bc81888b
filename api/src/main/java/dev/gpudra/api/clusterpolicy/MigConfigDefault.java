package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The MIG config MIG manager applies to a node without a {@code nvidia.com/mig.config} label
 * ({@code spec.migManager.config.default}).
 */
public enum MigConfigDefault {
  /** Disable MIG on every GPU. */
  @JsonProperty("all-disabled")
  ALL_DISABLED,
  /** The empty string, which the CRD also accepts: no default config. */
  @JsonProperty("")
  EMPTY
}
