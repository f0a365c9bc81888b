package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How MIG devices are exposed to Kubernetes ({@code spec.mig.strategy}). */
public enum MigStrategy {
  /** MIG devices are not exposed separately. */
  @JsonProperty("none")
  NONE,
  /** Every GPU of a node has MIG slices of one profile, exposed as {@code nvidia.com/gpu}. */
  @JsonProperty("single")
  SINGLE,
  /** Each MIG profile is exposed as its own resource. */
  @JsonProperty("mixed")
  MIXED
}
