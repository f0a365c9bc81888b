/**
 * The narrow port through which gpu-dra sees GPUs: {@link dev.gpudra.nvml.Nvml} returns our own
 * immutable records, never NVML handles or structs. Two implementations exist: the JNA binding to
 * {@code libnvidia-ml.so.1} ({@code dev.gpudra.nvml.jna}) and the simulated backend driven by GPU
 * profiles ({@code dev.gpudra.nvml.simulated}), which also keeps what its GPUs were set to. The
 * time slice, which NVML cannot set, has its own port ({@link dev.gpudra.nvml.TimeSlicer}): the
 * driver's {@code nvidia-smi} ({@code dev.gpudra.nvml.smi}) or the simulated NVML. Discovery reads
 * the port, the plugin's sharing package sets GPUs through it and its health package watches their
 * XID events ({@link dev.gpudra.nvml.XidWatch}; the simulated NVML takes injected XIDs).
 */
package dev.gpudra.nvml;
