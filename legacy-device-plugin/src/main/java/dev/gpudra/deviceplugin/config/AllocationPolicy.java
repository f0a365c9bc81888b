package dev.gpudra.deviceplugin.config;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How replicas of shared GPUs are preferred: spread over the GPUs, or packed onto few. */
public enum AllocationPolicy {
  @JsonProperty("distributed")
  DISTRIBUTED,
  @JsonProperty("packed")
  PACKED
}
