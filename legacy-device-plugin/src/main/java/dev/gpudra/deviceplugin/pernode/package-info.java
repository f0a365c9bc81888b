/**
 * Per-node config, as NVIDIA's config-manager does it: named config files in a directory (a
 * ConfigMap's mount), one chosen by the node's {@code nvidia.com/device-plugin.config} label, else
 * the default or a fallback; a label change reconfigures the running process.
 */
package dev.gpudra.deviceplugin.pernode;
