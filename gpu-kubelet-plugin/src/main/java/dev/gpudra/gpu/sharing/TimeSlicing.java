package dev.gpudra.gpu.sharing;

import dev.gpudra.api.v1beta1.GpuConfig;
import dev.gpudra.api.v1beta1.SharingStrategy;
import dev.gpudra.api.v1beta1.TimeSliceInterval;
import dev.gpudra.gpu.config.AllocatedDevice;
import dev.gpudra.gpu.config.ConfigGroup;
import dev.gpudra.gpu.discovery.DeviceType;
import dev.gpudra.nvml.ComputeMode;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.Nvml;
import dev.gpudra.nvml.TimeSlice;
import dev.gpudra.nvml.TimeSlicer;
import java.util.Objects;
import java.util.Optional;

/**
 * TimeSlicing: a full GPU's compute mode goes back to DEFAULT (any number of processes) and its
 * time slice is set to the configured interval, as NVIDIA's plugin sets them ({@code nvidia-smi -c
 * DEFAULT}, here through NVML, then {@code nvidia-smi compute-policy --set-timeslice}).
 */
public final class TimeSlicing {
  private final Nvml nvml;
  private final TimeSlicer slicer;

  public TimeSlicing(Nvml nvml, TimeSlicer slicer) {
    this.nvml = Objects.requireNonNull(nvml, "nvml");
    this.slicer = Objects.requireNonNull(slicer, "slicer");
  }

  /**
   * The interval the group's config gives the device: empty for MIG devices (NVIDIA's plugin does
   * not time-slice them), admin access and any other strategy.
   */
  public static Optional<TimeSliceInterval> interval(ConfigGroup group, AllocatedDevice device) {
    if (device.adminAccess()
        || device.device().type() != DeviceType.GPU
        || !(group.config() instanceof GpuConfig gpu)
        || gpu.sharing() == null
        || gpu.sharing().strategy() != SharingStrategy.TIME_SLICING) {
      return Optional.empty();
    }
    return Optional.of(gpu.sharing().timeSlicingConfig().interval());
  }

  public void apply(GpuInfo gpu, TimeSliceInterval interval) {
    nvml.setComputeMode(gpu, ComputeMode.DEFAULT);
    slicer.setTimeSlice(gpu, TimeSlice.valueOf(interval.name()));
  }

  /** Back to the driver's default slice, as NVIDIA's plugin leaves a released GPU. */
  public void reset(GpuInfo gpu) {
    slicer.setTimeSlice(gpu, TimeSlice.DEFAULT);
  }
}
