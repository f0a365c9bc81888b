package dev.gpudra.nvml.jna;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The PCIe root complex of a device, read from sysfs: {@code <sysfs>/bus/pci/devices/<busId>} is a
 * link into {@code devices/pci<domain>:<bus>/...}, and that first segment names the root. The sysfs
 * root is a constructor argument so tests can build a tree in a temp directory.
 */
public final class PcieRootResolver {
  private static final Pattern ROOT = Pattern.compile("pci[0-9a-f]{4}:[0-9a-f]{2}");

  private final Path sysfsRoot;

  public PcieRootResolver(Path sysfsRoot) {
    this.sysfsRoot = sysfsRoot;
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
