package dev.gpudra.deviceplugin.config;

/**
 * NVIDIA's device-plugin config ({@code version: v1}) with every default filled in.
 *
 * @param version always {@code v1}
 * @param flags the plugin's (and GFD's) settings
 * @param resources custom resource names (none supported: see {@link ConfigRules})
 * @param sharing time-slicing or MPS replicas
 * @param imex the IMEX channels injected with every device
 */
public record DevicePluginConfig(
    String version, Flags flags, Resources resources, Sharing sharing, Imex imex) {}
