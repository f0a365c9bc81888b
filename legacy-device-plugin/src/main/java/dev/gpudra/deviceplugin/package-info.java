/**
 * The classic {@code nvidia.com/gpu} device plugin, compatible with NVIDIA's k8s-device-plugin, for
 * the nodes of a cluster not yet moved to DRA: its config file ({@link
 * dev.gpudra.deviceplugin.config}), what the GPUs advertise ({@link
 * dev.gpudra.deviceplugin.devices}), the GPUs' health from XID events ({@link
 * dev.gpudra.deviceplugin.health}) and the kubelet's device plugin API ({@link
 * dev.gpudra.deviceplugin.server}).
 */
package dev.gpudra.deviceplugin;
