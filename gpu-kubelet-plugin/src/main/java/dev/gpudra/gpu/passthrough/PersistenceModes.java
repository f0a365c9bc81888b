package dev.gpudra.gpu.passthrough;

import dev.gpudra.nvml.GpuInfo;

/** The persistence mode of GPUs on the nvidia driver (NVML's, given by the plugin). */
public interface PersistenceModes {
  /** Whether it is on. */
  boolean enabled(GpuInfo gpu);

  /** Turns it on or off. */
  void set(GpuInfo gpu, boolean enabled);
}
