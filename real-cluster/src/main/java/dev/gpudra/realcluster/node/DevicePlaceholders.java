package dev.gpudra.realcluster.node;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Placeholder GPU device nodes on a host without GPUs: the paths our CDI specs name ({@code
 * /dev/nvidiaN}, {@code /dev/nvidiactl}, ...) made as character devices 1:3 (what /dev/null is), so
 * that the container runtime can inject them. Only nodes that did not exist are made, and only
 * those are removed again, with the directories made for them ({@code /dev/vfio}).
 */
public final class DevicePlaceholders implements AutoCloseable {
  private final List<Path> created;
  private final List<Path> madeDirs;

  private DevicePlaceholders(List<Path> created, List<Path> madeDirs) {
    this.created = created;
    this.madeDirs = madeDirs;
  }

  /** The control nodes plus {@code /dev/nvidia0} .. {@code /dev/nvidia<gpus-1>}. */
  public static List<String> nvidiaPaths(int gpus) {
    List<String> paths =
        new ArrayList<>(
            List.of(
                "/dev/nvidiactl",
                "/dev/nvidia-uvm",
                "/dev/nvidia-uvm-tools",
                "/dev/nvidia-modeset"));
    for (int minor = 0; minor < gpus; minor++) {
      paths.add("/dev/nvidia" + minor);
    }
    return List.copyOf(paths);
  }

  /**
   * The VFIO API device {@code /dev/vfio/vfio} plus {@code /dev/vfio/<group>} for each IOMMU group,
   * as the vfio-pci driver makes them for the groups of the devices bound to it.
   */
  public static List<String> vfioPaths(List<Integer> iommuGroups) {
    List<String> paths = new ArrayList<>(List.of("/dev/vfio/vfio"));
    iommuGroups.forEach(g -> paths.add("/dev/vfio/" + g));
    return List.copyOf(paths);
  }

  /**
   * Makes every missing path, and its directory where that is missing; those it made are removed by
   * {@link #close()}.
   */
  public static DevicePlaceholders create(List<String> paths) {
    List<Path> made = new ArrayList<>();
    List<Path> dirs = new ArrayList<>();
    for (String path : paths) {
      Path node = Path.of(path);
      if (!Files.exists(node)) {
        makeDirectory(node.getParent(), dirs);
        Processes.run(List.of("mknod", "-m", "666", path, "c", "1", "3"));
        made.add(node);
      }
    }
    return new DevicePlaceholders(List.copyOf(made), List.copyOf(dirs));
  }

  private static void makeDirectory(Path dir, List<Path> made) {
    if (Files.isDirectory(dir)) {
      return;
    }
    try {
      Files.createDirectory(dir);
      made.add(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot make " + dir + " for device placeholders", e);
    }
  }

  /**
   * Removes placeholders a killed run left in {@code devDir}: {@code nvidia*} and {@code vfio/*}
   * character devices 1:3 (a real NVIDIA or VFIO device node never has /dev/null's numbers), and
   * {@code vfio/} itself when that leaves it empty.
   */
  static void removeLeftOver(Path devDir) {
    sweep(devDir, "nvidia");
    Path vfio = devDir.resolve("vfio");
    if (Files.isDirectory(vfio)) {
      sweep(vfio, "");
      try (java.util.stream.Stream<Path> left = Files.list(vfio)) {
        if (left.findAny().isEmpty()) {
          Files.delete(vfio);
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot sweep " + vfio, e);
      }
    }
  }

  private static void sweep(Path dir, String prefix) {
    try (java.util.stream.Stream<Path> nodes = Files.list(dir)) {
      for (Path node : nodes.filter(n -> n.getFileName().toString().startsWith(prefix)).toList()) {
        if (isPlaceholder(node)) {
          Files.deleteIfExists(node);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot sweep placeholders in " + dir, e);
    }
  }

  private static boolean isPlaceholder(Path node) throws IOException {
    if (!"character special file"
        .equals(Processes.run(List.of("stat", "-c", "%F", node.toString())).strip())) {
      return false;
    }
    return "1:3".equals(Processes.run(List.of("stat", "-c", "%t:%T", node.toString())).strip());
  }

  /** The nodes this object made. */
  public List<Path> created() {
    return created;
  }

  /** Removes the nodes it made, then the directories it made for them. */
  @Override
  public void close() {
    List<Path> all = new ArrayList<>(created);
    all.addAll(madeDirs.reversed());
    for (Path made : all) {
      try {
        Files.deleteIfExists(made);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot remove placeholder " + made, e);
      }
    }
  }
}
