package dev.gpudra.nvml;

/**
 * Sets a GPU's time slice. NVML has no call for it (its scheduler calls are vGPU's), so the real
 * implementation runs the driver's {@code nvidia-smi compute-policy}; the simulated NVML keeps the
 * value. Implementations are thread-safe.
 */
public interface TimeSlicer {

  /**
   * @throws NvmlException when the GPU refuses the setting or the tool fails
   */
  void setTimeSlice(GpuInfo gpu, TimeSlice slice);
}
