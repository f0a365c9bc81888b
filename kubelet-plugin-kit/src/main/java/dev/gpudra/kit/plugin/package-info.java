/**
 * The wiring: {@link dev.gpudra.kit.plugin.KubeletPlugin} starts a driver's registration, DRA,
 * health and ResourceSlice services on their sockets and stops them; {@link
 * dev.gpudra.kit.plugin.PluginConfig} and {@link dev.gpudra.kit.plugin.PluginPaths} say how.
 */
package dev.gpudra.kit.plugin;
