package dev.gpudra.nvml.jna;

import dev.gpudra.nvml.NvmlLibraryNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Finds {@code libnvidia-ml.so.1} under a driver root (the host's {@code /} or a containerised
 * driver's install directory), in the directories NVIDIA's DRA driver searches, in order.
 */
public final class LibraryLocator {
  public static final String LIBRARY = "libnvidia-ml.so.1";

  /** Relative to the driver root; {@code ""} is the root itself. */
  static final List<String> SEARCH_DIRS =
      List.of(
          "",
          "usr/lib64",
          "usr/lib/x86_64-linux-gnu",
          "usr/lib/aarch64-linux-gnu",
          "lib64",
          "lib/x86_64-linux-gnu",
          "lib/aarch64-linux-gnu");

  /** Every path looked at, in search order. */
  public List<Path> candidates(Path driverRoot) {
    return SEARCH_DIRS.stream().map(dir -> driverRoot.resolve(dir).resolve(LIBRARY)).toList();
  }

  /**
   * The first candidate that exists.
   *
   * @throws NvmlLibraryNotFoundException listing every place searched
   */
  public Path locate(Path driverRoot) {
    List<Path> candidates = candidates(driverRoot);
    return candidates.stream()
        .filter(Files::exists)
        .findFirst()
        .orElseThrow(() ->
            new NvmlLibraryNotFoundException(
                LIBRARY
                    + " not found under driver root "
                    + driverRoot
                    + "; searched: "
                    + candidates.stream().map(Path::toString).collect(Collectors.joining(", "))));
  }
}
