/**
 * What the plugin advertises: the node's GPUs per resource name ({@code nvidia.com/gpu}, or {@code
 * nvidia.com/gpu.shared}), each GPU once or as {@code <id>::<k>} replicas when shared.
 */
package dev.gpudra.deviceplugin.devices;
