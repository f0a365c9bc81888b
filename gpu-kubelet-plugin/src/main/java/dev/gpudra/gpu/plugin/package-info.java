/**
 * Wiring of the {@code gpu.nvidia.com} kubelet plugin: the validated {@link
 * dev.gpudra.gpu.plugin.GpuPluginConfig} (parsed once from flags and environment by the CLI)
 * becomes NVML, discovery, checkpoint, CDI, state, metrics and the kit's kubelet plumbing. The only
 * place that builds clients and reads the clock.
 */
package dev.gpudra.gpu.plugin;
