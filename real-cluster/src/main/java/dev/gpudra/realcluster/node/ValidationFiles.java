package dev.gpudra.realcluster.node;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The real node's {@code /run/nvidia/validations}, where NVIDIA's validator writes {@code
 * driver-ready}, {@code toolkit-ready}, ... and the operands' init containers wait for them.
 * NVIDIA's validator image cannot be pulled here (no registry), so the harness writes the files the
 * validator would write for the node's pre-installed driver and toolkit, after a test has seen the
 * operands wait for them.
 */
public final class ValidationFiles {
  /** NVIDIA's host directory (a constant of the protocol, not moved by any setting). */
  public static final Path DIR = Path.of("/run/nvidia/validations");

  private final Path dir;

  public ValidationFiles() {
    this(DIR);
  }

  ValidationFiles(Path dir) {
    this.dir = dir;
  }

  /** Writes {@code files} as the validator does for a host driver and toolkit. */
  public void write(String... files) {
    try {
      Files.createDirectories(dir);
      for (String file : files) {
        Files.writeString(dir.resolve(file), content(file), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the validation files in " + dir, e);
    }
  }

  /** Removes {@code files}, so the next operands wait again. */
  public void remove(String... files) {
    try {
      for (String file : files) {
        Files.deleteIfExists(dir.resolve(file));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove the validation files in " + dir, e);
    }
  }

  /** {@code driver-ready} carries the driver's location, as NVIDIA's validator writes it. */
  private static String content(String file) {
    return "driver-ready".equals(file)
        ? "IS_HOST_DRIVER=true\nNVIDIA_DRIVER_ROOT=/\nDRIVER_ROOT_CTR_PATH=/host\n"
            + "NVIDIA_DEV_ROOT=/\nDEV_ROOT_CTR_PATH=/host\n"
        : "";
  }
}
