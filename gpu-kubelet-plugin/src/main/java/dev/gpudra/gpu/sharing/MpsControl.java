package dev.gpudra.gpu.sharing;

import dev.gpudra.gpu.mps.MpsSharing;
import dev.gpudra.nvml.ComputeMode;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.Nvml;
import java.util.Objects;

/**
 * MPS on a node: the daemons, and the compute mode of the whole GPUs they serve.
 *
 * @param daemons the control daemons' Deployments, directories and CDI edits
 * @param nvml where compute modes are set
 */
public record MpsControl(MpsSharing daemons, Nvml nvml) {
  public MpsControl {
    Objects.requireNonNull(daemons, "daemons");
    Objects.requireNonNull(nvml, "nvml");
  }

  /** One process at a time, the daemon's MPS server: NVIDIA sets it before the daemon starts. */
  void exclusive(GpuInfo gpu) {
    nvml.setComputeMode(gpu, ComputeMode.EXCLUSIVE_PROCESS);
  }

  /**
   * Back to DEFAULT once no daemon holds the GPU (beyond NVIDIA's, which leaves it
   * EXCLUSIVE_PROCESS unless TimeSlicingSettings resets it, so the next claim's second process
   * fails).
   */
  void released(GpuInfo gpu) {
    nvml.setComputeMode(gpu, ComputeMode.DEFAULT);
  }
}
