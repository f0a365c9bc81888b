package dev.gpudra.nvml.simulated;

import dev.gpudra.nvml.ComputeMode;
import dev.gpudra.nvml.TimeSlice;
import java.util.Objects;

/**
 * What a simulated GPU has been set to: the state a test or the demo reads to see what the plugin
 * did to the GPU.
 *
 * @param computeMode as {@code nvmlDeviceSetComputeMode} left it
 * @param timeSlice as {@code nvidia-smi compute-policy --set-timeslice} left it
 */
public record GpuSettings(ComputeMode computeMode, TimeSlice timeSlice) {
  /** A GPU after boot. */
  public static final GpuSettings BOOT = new GpuSettings(ComputeMode.DEFAULT, TimeSlice.DEFAULT);

  public GpuSettings {
    Objects.requireNonNull(computeMode, "computeMode");
    Objects.requireNonNull(timeSlice, "timeSlice");
  }

  GpuSettings withComputeMode(ComputeMode mode) {
    return new GpuSettings(mode, timeSlice);
  }

  GpuSettings withTimeSlice(TimeSlice slice) {
    return new GpuSettings(computeMode, slice);
  }
}
