package dev.gpudra.deviceplugin.config;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How MIG devices are advertised: not at all, as {@code nvidia.com/gpu}, or per profile. */
public enum MigStrategy {
  @JsonProperty("none")
  NONE,
  @JsonProperty("single")
  SINGLE,
  @JsonProperty("mixed")
  MIXED
}
