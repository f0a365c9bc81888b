package dev.gpudra.deviceplugin.config;

import com.fasterxml.jackson.annotation.JsonProperty;

/** What Allocate passes as a device's ID: its UUID or its index ({@code i} or {@code i:j}). */
public enum DeviceIdStrategy {
  @JsonProperty("uuid")
  UUID,
  @JsonProperty("index")
  INDEX
}
