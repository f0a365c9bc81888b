/**
 * {@code gpu-feature-discovery}: NVIDIA's GPU feature discovery DaemonSet, its config manager,
 * environment and runtime class, which the MIG manager and sandbox operands reuse.
 */
package dev.gpudra.operator.render.nvidia.gfd;
