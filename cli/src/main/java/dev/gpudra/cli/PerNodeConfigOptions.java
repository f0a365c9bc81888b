package dev.gpudra.cli;

import dev.gpudra.deviceplugin.pernode.FallbackStrategy;
import dev.gpudra.deviceplugin.pernode.InvalidNamedConfigException;
import dev.gpudra.deviceplugin.pernode.NamedConfigs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The device plugin's per-node config options, NVIDIA's config-manager's env variables: a directory
 * of named configs, the default, the fallbacks, and the node label that chooses.
 */
final class PerNodeConfigOptions {
  @Option(
      names = "--config-dir",
      defaultValue = "${env:CONFIG_FILE_SRCDIR:-}",
      description =
          "A directory of named config files (a ConfigMap's mount); the node's label chooses one"
              + " and a label change reconfigures the plugin (CONFIG_FILE_SRCDIR).")
  String configDir;

  @Option(
      names = "--default-config",
      defaultValue = "${env:DEFAULT_CONFIG:-}",
      description = "The config for a node without the label (DEFAULT_CONFIG).")
  String defaultConfig;

  @Option(
      names = "--fallback-strategies",
      defaultValue = "${env:FALLBACK_STRATEGIES:-named,single}",
      description =
          "Without label and default: named (a config called default), single (the only one),"
              + " empty (NVIDIA's defaults), tried in order (FALLBACK_STRATEGIES, default"
              + " ${DEFAULT-VALUE}).")
  String fallbackStrategies;

  /** With {@code --config-dir}: the cluster the node's label is read from. */
  @Mixin ClusterOptions cluster = new ClusterOptions();

  /** The named configs, when {@code --config-dir} is given. */
  Optional<NamedConfigs> configs() {
    if (configDir == null || configDir.isBlank()) {
      return Optional.empty();
    }
    Path dir = Path.of(configDir);
    if (!Files.isDirectory(dir)) {
      throw new InvalidArgumentsException(
          "--config-dir (CONFIG_FILE_SRCDIR) " + dir + " is not a directory");
    }
    try {
      return Optional.of(
          new NamedConfigs(
              dir, Optional.ofNullable(defaultConfig), FallbackStrategy.parse(fallbackStrategies)));
    } catch (InvalidNamedConfigException e) {
      throw new InvalidArgumentsException(e.getMessage());
    }
  }
}
