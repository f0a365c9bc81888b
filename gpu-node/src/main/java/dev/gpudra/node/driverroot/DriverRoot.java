package dev.gpudra.node.driverroot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where the NVIDIA driver is, seen from the plugin and from the host: the plugin reads it under
 * {@code container} ({@code --container-driver-root}, {@code /driver-root} in the chart's pod), the
 * container runtime finds the same files under {@code host} ({@code --nvidia-driver-root}). Device
 * nodes are under the container root when it has a {@code dev} directory, else under {@code /}.
 *
 * @param container the driver root as the plugin sees it
 * @param host the same root on the host
 */
public record DriverRoot(Path container, Path host) {
  private static final Path SLASH = Path.of("/");

  public DriverRoot {
    container = Objects.requireNonNull(container, "container").toAbsolutePath().normalize();
    host = Objects.requireNonNull(host, "host").toAbsolutePath().normalize();
  }

  /** The root device nodes are looked up under, as NVIDIA's plugin picks it. */
  public Path devRoot() {
    return Files.isDirectory(container.resolve("dev")) ? container : SLASH;
  }

  /** {@code /usr/lib64/x} for {@code <container root>/usr/lib64/x}. */
  public String containerPath(Path file) {
    return SLASH.resolve(container.relativize(file.toAbsolutePath().normalize())).toString();
  }

  /**
   * The host's path of a file the plugin found under {@code root} (the container root or {@code
   * /}): the container-to-host transform, which leaves paths outside the container root alone.
   */
  public String hostPath(Path file) {
    Path absolute = file.toAbsolutePath().normalize();
    if (container.equals(SLASH) || !absolute.startsWith(container)) {
      return absolute.toString();
    }
    return host.resolve(container.relativize(absolute)).toString();
  }
}
