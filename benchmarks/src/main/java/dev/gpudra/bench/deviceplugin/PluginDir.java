package dev.gpudra.bench.deviceplugin;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * One plugin process's directory: the kubelet's socket and the plugin's beside it, as in {@code
 * /var/lib/kubelet/device-plugins}, its CDI root and its log.
 *
 * @param root the directory; short, as a socket path must stay under the kernel's 107 bytes
 */
record PluginDir(Path root) {
  static final String NODE = "bench-node";

  PluginDir {
    root = Objects.requireNonNull(root, "root").toAbsolutePath();
  }

  Path kubeletSocket() {
    return root.resolve("kubelet.sock");
  }

  /** The floor's socket, on the same file system beside the plugin's. */
  Path floorSocket() {
    return root.resolve("floor.sock");
  }

  Path cdiRoot() {
    return root.resolve("cdi");
  }

  Path log() {
    return root.resolve("plugin.log");
  }

  /** {@code gpu-dra device-plugin} on simulated GPUs, pointed at this directory. */
  List<String> pluginArgs(String profile, String strategy) {
    return List.of(
        "device-plugin",
        "--simulated-gpus=" + profile,
        "--node-name=" + NODE,
        "--kubelet-socket=" + kubeletSocket(),
        "--cdi-root=" + cdiRoot(),
        "--device-list-strategy=" + strategy);
  }
}
