/**
 * The narrow port through which gpu-dra sees GPUs: {@link dev.gpudra.nvml.Nvml} returns our own
 * immutable records, never NVML handles or structs. Two implementations exist: the JNA binding to
 * {@code libnvidia-ml.so.1} ({@code dev.gpudra.nvml.jna}) and the simulated backend driven by GPU
 * profiles ({@code dev.gpudra.nvml.simulated}). Only discovery code calls the port.
 */
package dev.gpudra.nvml;
