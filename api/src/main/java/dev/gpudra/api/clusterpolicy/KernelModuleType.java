package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Which NVIDIA kernel modules the driver container loads ({@code spec.driver.kernelModuleType}).
 */
public enum KernelModuleType {
  /** Let the driver container choose. */
  @JsonProperty("auto")
  AUTO,
  /** The open kernel modules; the only value NVIDIA's operator itself treats as open. */
  @JsonProperty("open")
  OPEN,
  /** The proprietary kernel modules. */
  @JsonProperty("proprietary")
  PROPRIETARY
}
