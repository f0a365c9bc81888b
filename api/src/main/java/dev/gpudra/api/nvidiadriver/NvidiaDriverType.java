package dev.gpudra.api.nvidiadriver;

import com.fasterxml.jackson.annotation.JsonProperty;

/** {@code spec.driverType} of an NVIDIADriver, NVIDIA's strings. */
public enum NvidiaDriverType {
  /** NVIDIA's data-center driver. */
  @JsonProperty("gpu")
  GPU,
  /** The vGPU guest driver. */
  @JsonProperty("vgpu")
  VGPU,
  /** The vGPU host manager. */
  @JsonProperty("vgpu-host-manager")
  VGPU_HOST_MANAGER;

  /** NVIDIA's string, which names the driver's DaemonSets. */
  public String label() {
    return switch (this) {
      case GPU -> "gpu";
      case VGPU -> "vgpu";
      case VGPU_HOST_MANAGER -> "vgpu-host-manager";
    };
  }
}
