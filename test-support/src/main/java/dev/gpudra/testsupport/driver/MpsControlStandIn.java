package dev.gpudra.testsupport.driver;

import java.nio.file.Path;

/**
 * A stand-in for the driver's {@code nvidia-cuda-mps-control} (a busybox-sh script, test and demo
 * only), installed into a fake driver root so that {@code gpu-dra mps-control-daemon} runs a real
 * process without GPUs: {@code -d} starts a background process, commands are logged to {@code
 * $CUDA_MPS_LOG_DIRECTORY/control.log}, {@code quit} stops it.
 */
public final class MpsControlStandIn {
  private MpsControlStandIn() {}

  /**
   * Writes it to {@code <driverRoot>/usr/bin/nvidia-cuda-mps-control}, executable.
   *
   * @return its path
   */
  public static Path install(Path driverRoot) {
    return StandInScripts.install(driverRoot, "nvidia-cuda-mps-control");
  }
}
