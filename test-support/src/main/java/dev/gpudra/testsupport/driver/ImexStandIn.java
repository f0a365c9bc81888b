package dev.gpudra.testsupport.driver;

import java.nio.file.Path;

/**
 * Stand-ins for the driver's {@code nvidia-imex} and {@code nvidia-imex-ctl} (busybox-sh scripts,
 * test and demo only), installed into a fake driver root so that the compute-domain daemon
 * supervises a real process without GPUs: {@code nvidia-imex -c <config>} runs until SIGTERM and
 * counts its SIGUSR1s; {@code nvidia-imex-ctl -c <config> -q} answers READY while it runs.
 */
public final class ImexStandIn {
  private ImexStandIn() {}

  /**
   * Writes both to {@code <driverRoot>/usr/bin}, executable.
   *
   * @return the path of {@code nvidia-imex}
   */
  public static Path install(Path driverRoot) {
    StandInScripts.install(driverRoot, "nvidia-imex-ctl");
    return StandInScripts.install(driverRoot, "nvidia-imex");
  }
}
