package dev.gpudra.migrate.resources;

import dev.gpudra.deviceplugin.config.ConfigLoader;
import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import java.util.Map;

/**
 * Reads a device-plugin config file's text as NVIDIA's Helm chart runs the plugin with it: the
 * chart always sets {@code MPS_ROOT} (its {@code mps.root}, {@code /run/nvidia/mps}), so an MPS
 * config without {@code flags.mpsRoot} is the chart's usual one, not an error. Strict otherwise: an
 * unknown field or a value NVIDIA's plugin refuses is an error naming the source and the field.
 */
public final class PluginConfigText {
  private static final Map<String, String> CHART_ENVIRONMENT =
      Map.of("MPS_ROOT", "/run/nvidia/mps");

  private final ConfigLoader loader = new ConfigLoader();

  /**
   * @param text the config file's text (YAML or JSON)
   * @param source its name, for messages
   * @throws dev.gpudra.deviceplugin.config.InvalidPluginConfigException naming source and field
   */
  public DevicePluginConfig parse(String text, String source) {
    return loader.parse(text, source, CHART_ENVIRONMENT, Map.of());
  }
}
