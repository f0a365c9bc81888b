/**
 * NVIDIA's device-plugin config file ({@code version: v1}) and its flag and env overrides: file →
 * {@link ConfigTree} (env, then flags, then defaults) → strict binding to {@link
 * DevicePluginConfig} (an unknown field is an error naming its path) → {@link ConfigRules}.
 */
package dev.gpudra.deviceplugin.config;
