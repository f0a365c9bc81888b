package dev.gpudra.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Where the benchmarked plugin keeps its files, under one work directory, and the {@code
 * gpu-kubelet-plugin} flags that say so.
 *
 * @param root the work directory; its file system is the one measured
 * @param nodeName the node the plugin serves
 */
public record PluginLayout(Path root, String nodeName) {
  static final String DRIVER = "gpu.nvidia.com";

  public PluginLayout {
    root = Objects.requireNonNull(root, "root").toAbsolutePath();
    Objects.requireNonNull(nodeName, "nodeName");
  }

  public Path kubeconfig() {
    return root.resolve("kubeconfig.yaml");
  }

  public Path cdiRoot() {
    return root.resolve("cdi");
  }

  public Path registrarDir() {
    return root.resolve("plugins_registry");
  }

  public Path pluginsDir() {
    return root.resolve("plugins");
  }

  /** The plugin's data directory: checkpoint, locks, DRA socket. */
  public Path dataDir() {
    return pluginsDir().resolve(DRIVER);
  }

  public Path registrationSocket() {
    return registrarDir().resolve(DRIVER + "-reg.sock");
  }

  public Path pluginLog() {
    return root.resolve("plugin.log");
  }

  /** A scratch directory on the same file system, for the floor's writes. */
  public Path floorDir() {
    return root.resolve("floor");
  }

  /**
   * The plugin's command line, as a DaemonSet passes it; slices are filtered client-side because
   * the embedded API server ignores {@code spec.*} field selectors.
   */
  public List<String> pluginArgs(String profile) {
    return List.of(
        "gpu-kubelet-plugin",
        "--node-name=" + nodeName,
        "--kubeconfig=" + kubeconfig(),
        "--cdi-root=" + cdiRoot(),
        "--kubelet-registrar-directory-path=" + registrarDir(),
        "--kubelet-plugins-directory-path=" + pluginsDir(),
        "--simulated-gpus=" + profile,
        "--healthcheck-port=-1",
        "--slice-field-selectors=client");
  }
}
