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
 * @param persistenceMode as {@code nvmlDeviceSetPersistenceMode} left it (off after boot, as
 *     without nvidia-persistenced)
 */
public record GpuSettings(ComputeMode computeMode, TimeSlice timeSlice, boolean persistenceMode) {
  /** A GPU after boot. */
  public static final GpuSettings BOOT =
      new GpuSettings(ComputeMode.DEFAULT, TimeSlice.DEFAULT, false);

  /** Persistence mode off. */
  public GpuSettings(ComputeMode computeMode, TimeSlice timeSlice) {
    this(computeMode, timeSlice, false);
  }

  public GpuSettings {
    Objects.requireNonNull(computeMode, "computeMode");
    Objects.requireNonNull(timeSlice, "timeSlice");
  }

  GpuSettings withComputeMode(ComputeMode mode) {
    return new GpuSettings(mode, timeSlice, persistenceMode);
  }

  GpuSettings withTimeSlice(TimeSlice slice) {
    return new GpuSettings(computeMode, slice, persistenceMode);
  }

  GpuSettings withPersistenceMode(boolean enabled) {
    return new GpuSettings(computeMode, timeSlice, enabled);
  }
}
