package dev.gpudra.gpu.passthrough;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where PassthroughSupport reads the node.
 *
 * @param sysfs sysfs (SYSFS_ROOT, {@code /sys}; a stand-in tree in tests and the demo)
 * @param host the host's root (HOST_ROOT, {@code /host-root}, where the chart mounts {@code /} with
 *     the gate on): {@code dev/iommu}, {@code pci.ids}
 */
public record PassthroughRoots(Path sysfs, Path host) {
  public static final PassthroughRoots DEFAULTS =
      new PassthroughRoots(Path.of("/sys"), Path.of("/host-root"));

  public PassthroughRoots {
    Objects.requireNonNull(sysfs, "sysfs");
    Objects.requireNonNull(host, "host");
  }

  /** Whether the node has the iommufd API device. */
  public boolean iommuFd() {
    return java.nio.file.Files.exists(host.resolve("dev/iommu"));
  }
}
