package dev.gpudra.deviceplugin.config;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Where devices are found: NVML, Tegra's sysfs, or whichever the node has. */
public enum DiscoveryStrategy {
  @JsonProperty("auto")
  AUTO,
  @JsonProperty("nvml")
  NVML,
  @JsonProperty("tegra")
  TEGRA
}
