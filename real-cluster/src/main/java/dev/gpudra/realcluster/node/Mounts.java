package dev.gpudra.realcluster.node;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

/**
 * Mounts the node left under its directory (the kubelet's bind mount of its root, pod volumes,
 * containerd's overlay snapshots), read from {@code /proc/self/mounts} and unmounted deepest first.
 */
final class Mounts {
  private Mounts() {}

  /**
   * Bind-mounts {@code dir} onto itself as a shared mount: a hostPath that a container mounts with
   * propagation ({@code HostToContainer}, {@code Bidirectional}) must be one, and this machine's
   * root is private. {@link #unmountAll} removes it with the node.
   */
  static void bindShared(Path dir) {
    String path = dir.toAbsolutePath().toString();
    if (!under(dir).contains(path)) {
      // recursive: a shared mount already below it (NVIDIA's validation directory) stays visible
      Processes.run(List.of("mount", "--rbind", path, path));
    }
    Processes.run(List.of("mount", "--make-rshared", path));
  }

  /** Mount points at or below {@code dir}, deepest first. */
  static List<String> under(Path dir) {
    String prefix = dir.toAbsolutePath().toString();
    try {
      return Files.readAllLines(Path.of("/proc/self/mounts")).stream()
          .map(line -> line.split(" ")[1].replace("\\040", " "))
          .filter(point -> point.equals(prefix) || point.startsWith(prefix + "/"))
          .distinct()
          .sorted(Comparator.comparingInt(String::length).reversed())
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read /proc/self/mounts", e);
    }
  }

  /** Unmounts everything at or below {@code dir} (lazily where busy); what is left, if any. */
  static List<String> unmountAll(Path dir) {
    for (int pass = 0; pass < 3 && !under(dir).isEmpty(); pass++) {
      for (String point : under(dir)) {
        if (!Processes.tryRun(List.of("umount", point))) {
          Processes.tryRun(List.of("umount", "-l", point));
        }
      }
    }
    return under(dir);
  }
}
