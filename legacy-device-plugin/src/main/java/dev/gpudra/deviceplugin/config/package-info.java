/**
 * NVIDIA's device-plugin config file ({@code version: v1}) and its flag and env overrides: file →
 * {@link ConfigTree} (env, then flags, then defaults) → strict binding to {@link
 * DevicePluginConfig} (an unknown field is an error naming its path) → {@link ConfigRules}.
 *
 * <p>The file is read within 1 MiB, as UTF-8. Every refusal is one {@link
 * InvalidPluginConfigException} of one line: the source, then the field's path or, for a syntax
 * error, the line and column.
 */
package dev.gpudra.deviceplugin.config;
