package dev.gpudra.localcluster.node;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

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
    Path bin = driverRoot.resolve("usr/bin");
    for (String program : List.of("nvidia-imex", "nvidia-imex-ctl")) {
      Path target = bin.resolve(program);
      try (InputStream script = ImexStandIn.class.getResourceAsStream(program)) {
        if (script == null) {
          throw new IllegalStateException(program + " is missing from the classpath");
        }
        Files.createDirectories(bin);
        Files.copy(script, target, StandardCopyOption.REPLACE_EXISTING);
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot install the IMEX stand-in at " + target, e);
      }
    }
    return bin.resolve("nvidia-imex");
  }
}
