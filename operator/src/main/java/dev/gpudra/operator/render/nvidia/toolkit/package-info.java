/**
 * {@code state-container-toolkit}: NVIDIA's container toolkit DaemonSet, its runtime settings
 * (containerd, CRI-O, Docker), its environment, and the toolkit validation init container that the
 * driver state and the DRA driver also run.
 */
package dev.gpudra.operator.render.nvidia.toolkit;
