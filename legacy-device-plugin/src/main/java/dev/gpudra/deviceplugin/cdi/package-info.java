/**
 * The device plugin's CDI spec, as NVIDIA's plugin writes it at start for its CDI strategies:
 * {@code <cdiRoot>/k8s.device-plugin.nvidia.com-gpu.json}, kind {@code
 * k8s.device-plugin.nvidia.com/gpu}, one device per GPU named by the device ID strategy (UUID or
 * index), the driver's common edits at spec level.
 */
package dev.gpudra.deviceplugin.cdi;
