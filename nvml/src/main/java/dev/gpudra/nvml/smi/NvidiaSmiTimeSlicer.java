package dev.gpudra.nvml.smi;

import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.TimeSlice;
import dev.gpudra.nvml.TimeSlicer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Sets time slices as NVIDIA's plugin does: {@code nvidia-smi compute-policy -i <uuid>
 * --set-timeslice <0..3>}, with the tool found under the driver root at each call (a driver upgrade
 * may move it).
 */
public final class NvidiaSmiTimeSlicer implements TimeSlicer {
  /** nvidia-smi answers in well under a second; a hung driver must not hold a claim for long. */
  public static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final Path driverRoot;

  public NvidiaSmiTimeSlicer(Path driverRoot) {
    this.driverRoot = Objects.requireNonNull(driverRoot, "driverRoot");
  }

  /**
   * Fails now if the driver root has no {@code nvidia-smi} or NVML.
   *
   * @throws dev.gpudra.nvml.NvmlLibraryNotFoundException naming every place searched
   */
  public NvidiaSmiTimeSlicer checked() {
    NvidiaSmi.under(driverRoot, TIMEOUT);
    return this;
  }

  @Override
  public void setTimeSlice(GpuInfo gpu, TimeSlice slice) {
    NvidiaSmi.under(driverRoot, TIMEOUT)
        .run(
            List.of(
                "compute-policy",
                "-i",
                gpu.uuid(),
                "--set-timeslice",
                Integer.toString(slice.level())));
  }
}
