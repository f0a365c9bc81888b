package dev.gpudra.deviceplugin.mps;

import dev.gpudra.nvml.ComputeMode;
import dev.gpudra.nvml.GpuInfo;

/** Where a GPU's compute mode is set (NVML's {@code nvmlDeviceSetComputeMode}). */
@FunctionalInterface
public interface ComputeModes {
  /**
   * @throws dev.gpudra.nvml.NvmlException when NVML refuses
   */
  void set(GpuInfo gpu, ComputeMode mode);
}
