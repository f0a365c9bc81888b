/**
 * The classic {@code nvidia.com/gpu} device plugin, compatible with NVIDIA's k8s-device-plugin, for
 * the nodes of a cluster not yet moved to DRA. So far its config file ({@link
 * dev.gpudra.deviceplugin.config}).
 */
package dev.gpudra.deviceplugin;
