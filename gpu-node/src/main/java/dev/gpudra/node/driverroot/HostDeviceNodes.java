package dev.gpudra.node.driverroot;

import dev.gpudra.kit.cdi.DeviceNode;
import dev.gpudra.node.cdi.DeviceNodeLocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Device nodes as they are on the node: a character device under the driver's dev root (not
 * followed through a symlink, as nvcdi's locator), its major and minor read from the node itself;
 * anything else is absent. The host path is given where it differs from the container path.
 */
public final class HostDeviceNodes implements DeviceNodeLocator {
  private static final int S_IFMT = 0170000;
  private static final int S_IFCHR = 0020000;
  private static final int PERMISSION_BITS = 0777;

  /** The cgroup access NVIDIA's specs give every node: read, write, mknod. */
  private static final String ALL = "rwm";

  private final DriverRoot root;

  public HostDeviceNodes(DriverRoot root) {
    this.root = Objects.requireNonNull(root, "root");
  }

  @Override
  public Optional<DeviceNode> locate(String path) {
    Path devRoot = root.devRoot();
    Path node = devRoot.resolve(path.substring(1));
    Map<String, Object> attributes;
    try {
      attributes = Files.readAttributes(node, "unix:mode,rdev", LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      return Optional.empty();
    }
    if ((((Integer) attributes.get("mode")) & S_IFMT) != S_IFCHR) {
      return Optional.empty();
    }
    long rdev = (Long) attributes.get("rdev");
    String hostPath = root.hostPath(node);
    return Optional.of(
        new DeviceNode(
            path,
            hostPath.equals(path) ? null : hostPath,
            null,
            major(rdev),
            // as NVIDIA's specs (Go's omitempty): a runtime reads a missing minor as 0
            minor(rdev) == 0 ? null : minor(rdev),
            ALL,
            (long) (((Integer) attributes.get("mode")) & PERMISSION_BITS),
            null,
            null));
  }

  /** glibc's gnu_dev_major. */
  static long major(long rdev) {
    return ((rdev >>> 8) & 0xfffL) | ((rdev >>> 32) & 0xfffff000L);
  }

  /** glibc's gnu_dev_minor. */
  static long minor(long rdev) {
    return (rdev & 0xffL) | ((rdev >>> 12) & 0xffffff00L);
  }
}
