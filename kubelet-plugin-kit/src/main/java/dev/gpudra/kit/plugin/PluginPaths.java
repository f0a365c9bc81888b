package dev.gpudra.kit.plugin;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a DRA kubelet plugin keeps its sockets and files.
 *
 * @param registrarDir the kubelet's plugin registry, e.g. {@code /var/lib/kubelet/plugins_registry}
 * @param pluginsDir the kubelet's plugins dir, e.g. {@code /var/lib/kubelet/plugins}
 * @param driverName the DRA driver name, e.g. {@code gpu.nvidia.com}
 */
public record PluginPaths(Path registrarDir, Path pluginsDir, String driverName) {
  public static final Path DEFAULT_REGISTRAR_DIR = Path.of("/var/lib/kubelet/plugins_registry");
  public static final Path DEFAULT_PLUGINS_DIR = Path.of("/var/lib/kubelet/plugins");

  public PluginPaths {
    registrarDir = Objects.requireNonNull(registrarDir, "registrarDir").toAbsolutePath();
    pluginsDir = Objects.requireNonNull(pluginsDir, "pluginsDir").toAbsolutePath();
    Objects.requireNonNull(driverName, "driverName");
    if (driverName.isBlank() || driverName.contains("/")) {
      throw new IllegalArgumentException("invalid driver name '" + driverName + "'");
    }
  }

  /** The kubelet's default directories. */
  public static PluginPaths defaults(String driverName) {
    return new PluginPaths(DEFAULT_REGISTRAR_DIR, DEFAULT_PLUGINS_DIR, driverName);
  }

  /** {@code <registrar>/<driver>-reg.sock}: where the kubelet finds the plugin. */
  public Path registrationSocket() {
    return registrarDir.resolve(driverName + "-reg.sock");
  }

  /** {@code <plugins>/<driver>}: the plugin's own files (checkpoint, locks, DRA socket). */
  public Path dataDir() {
    return pluginsDir.resolve(driverName);
  }

  /** {@code <plugins>/<driver>/dra.sock}: the DRA gRPC services. */
  public Path draSocket() {
    return dataDir().resolve("dra.sock");
  }

  /** {@code <plugins>/<driver>/pu.lock}: serialises prepare and unprepare on the node. */
  public Path lockFile() {
    return dataDir().resolve("pu.lock");
  }
}
