package dev.gpudra.cli;

import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import dev.gpudra.gpu.plugin.NvmlFactory;
import dev.gpudra.nvml.Nvml;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options the device plugin's processes (the plugin, its MPS daemon) share: where the config
 * comes from, the node, and the GPUs (NVML, or a simulated profile).
 */
final class DevicePluginProcessOptions {
  @Option(
      names = "--config-file",
      defaultValue = "${env:CONFIG_FILE:-}",
      description = "NVIDIA's config file (version v1), read before env and flags (CONFIG_FILE).")
  String configFile;

  @Option(
      names = "--simulated-gpus",
      defaultValue = "${env:SIMULATED_GPUS}",
      description =
          "A GPU profile name or file; replaces NVML with simulated GPUs (SIMULATED_GPUS).")
  String simulatedGpus;

  @Option(
      names = "--node-name",
      defaultValue = "${env:NODE_NAME:-}",
      description = "NODE_NAME (simulated GPUs only; default: the host's name).")
  String nodeName;

  @Mixin PerNodeConfigOptions perNode = new PerNodeConfigOptions();

  /** The node's name: {@code --node-name}, else the host's. */
  String node() {
    return nodeName.isBlank() ? ConfigChoice.hostName() : nodeName;
  }

  /** The config file, or the named configs and the node's label. */
  ConfigChoice choice(String node) {
    return ConfigChoice.of(perNode, configFile, node);
  }

  boolean simulated() {
    return simulatedGpus != null && !simulatedGpus.isBlank();
  }

  /**
   * NVML from the config's driver root, or the simulated profile.
   *
   * @throws dev.gpudra.nvml.NvmlException when NVML cannot start
   */
  Nvml nvml(DevicePluginConfig config, String node) {
    return NvmlFactory.open(
        Optional.ofNullable(simulatedGpus).filter(s -> !s.isBlank()),
        Path.of(config.flags().nvidiaDriverRoot()),
        node);
  }
}
