package dev.gpudra.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Why a driver root may have no working driver, as the admin can fix it: the GPU Operator's driver
 * container where a host install was assumed, or an empty driver root.
 *
 * @param containerRoot the driver root as mounted here
 * @param hostRoot the driver root on the host ({@code nvidiaDriverRoot})
 */
record DriverHints(Path containerRoot, String hostRoot) {
  static final String OPERATOR_ROOT = "/run/nvidia/driver";

  Optional<String> hint() {
    if ("/".equals(hostRoot)
        && Files.isDirectory(containerRoot.resolve(OPERATOR_ROOT.substring(1)).resolve("usr"))) {
      return Optional.of(
          "the GPU Operator's driver container is at "
              + OPERATOR_ROOT
              + " on this node: set nvidiaDriverRoot="
              + OPERATOR_ROOT);
    }
    if (!"/".equals(hostRoot) && isEmpty(containerRoot)) {
      return Optional.of(
          "nvidiaDriverRoot="
              + hostRoot
              + " is empty on this node: the driver container may not have started yet; with a"
              + " driver installed on the host, set nvidiaDriverRoot=/");
    }
    return Optional.empty();
  }

  private static boolean isEmpty(Path dir) {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.findAny().isEmpty();
    } catch (IOException e) {
      return true;
    }
  }
}
