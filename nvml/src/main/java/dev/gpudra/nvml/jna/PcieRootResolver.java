package dev.gpudra.nvml.jna;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The PCIe root complex and NUMA node of a device, read from sysfs: {@code
 * <sysfs>/bus/pci/devices/<busId>} is a link into {@code devices/pci<domain>:<bus>/...}, and that
 * first segment names the root; its {@code numa_node} file holds the node. The sysfs root is a
 * constructor argument so tests can build a tree in a temp directory.
 */
public final class PcieRootResolver {
  private static final Pattern ROOT = Pattern.compile("pci[0-9a-f]{4}:[0-9a-f]{2}");

  private static final long MAX_NUMA_FILE = 64;

  private final Path sysfsRoot;

  public PcieRootResolver(Path sysfsRoot) {
    this.sysfsRoot = sysfsRoot;
  }

  /**
   * The NUMA node of {@code busId}, from its {@code numa_node}; -1 when sysfs does not say (no such
   * device, no NUMA, or a value that is no number).
   */
  public int numaNodeOf(String busId) {
    Path file = sysfsRoot.resolve("bus/pci/devices").resolve(busId).resolve("numa_node");
    try {
      if (!Files.isRegularFile(file) || Files.size(file) > MAX_NUMA_FILE) {
        return -1;
      }
      int node = Integer.parseInt(Files.readString(file).strip());
      return node < 0 ? -1 : node;
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
  }

  /** {@code pci0000:00}-style root of {@code busId}; empty when sysfs does not say. */
  public Optional<String> rootOf(String busId) {
    Path link = sysfsRoot.resolve("bus/pci/devices").resolve(busId);
    try {
      Path resolved = link.toRealPath();
      for (Path segment : resolved) {
        if (ROOT.matcher(segment.toString()).matches()) {
          return Optional.of(segment.toString());
        }
      }
      return Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
