package dev.gpudra.localcluster.node;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

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
    Path target = driverRoot.resolve("usr/bin/nvidia-cuda-mps-control");
    try (InputStream script =
        MpsControlStandIn.class.getResourceAsStream("nvidia-cuda-mps-control")) {
      if (script == null) {
        throw new IllegalStateException("nvidia-cuda-mps-control is missing from the classpath");
      }
      Files.createDirectories(target.getParent());
      Files.copy(script, target, StandardCopyOption.REPLACE_EXISTING);
      Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot install the MPS control stand-in at " + target, e);
    }
  }
}
