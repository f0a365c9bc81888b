package dev.gpudra.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Where a benchmarked plugin keeps its files, under one work directory, and the flags and
 * environment variables that say so, by the names NVIDIA's {@code gpu-kubelet-plugin} reads (ours
 * reads the same ones), so that any NVIDIA-compatible binary can run in the bench.
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
   * Our plugin's command line, as a DaemonSet passes it; slices are filtered client-side because
   * the embedded API server ignores {@code spec.*} field selectors.
   */
  public List<String> pluginArgs(String profile) {
    List<String> args = new ArrayList<>();
    args.add("gpu-kubelet-plugin");
    args.addAll(nvidiaFlags());
    args.add("--simulated-gpus=" + profile);
    args.add("--slice-field-selectors=client");
    return List.copyOf(args);
  }

  /**
   * The directory and node flags, by the names of NVIDIA's gpu-kubelet-plugin; the health port is
   * off (both plugins take a negative port as off).
   */
  public List<String> nvidiaFlags() {
    return List.of(
        "--node-name=" + nodeName,
        "--kubeconfig=" + kubeconfig(),
        "--cdi-root=" + cdiRoot(),
        "--kubelet-registrar-directory-path=" + registrarDir(),
        "--kubelet-plugins-directory-path=" + pluginsDir(),
        "--healthcheck-port=-1");
  }

  /**
   * The same settings as the environment variables NVIDIA's chart sets, for a binary that reads
   * some of them only from there; and ours' client-side slice selectors ({@code
   * SLICE_FIELD_SELECTORS}), which a binary that does not know it ignores.
   */
  public Map<String, String> environment() {
    return Map.of(
        "NODE_NAME", nodeName,
        "KUBECONFIG", kubeconfig().toString(),
        "CDI_ROOT", cdiRoot().toString(),
        "KUBELET_REGISTRAR_DIRECTORY_PATH", registrarDir().toString(),
        "KUBELET_PLUGINS_DIRECTORY_PATH", pluginsDir().toString(),
        "HEALTHCHECK_PORT", "-1",
        "SLICE_FIELD_SELECTORS", "client");
  }
}
