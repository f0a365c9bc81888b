/**
 * The sandbox-workload states: {@code state-sandbox-validation}, {@code state-vfio-manager}, {@code
 * state-vgpu-manager}, {@code state-vgpu-device-manager}, {@code state-sandbox-device-plugin},
 * {@code state-kata-device-plugin}, and the pod parts they share.
 */
package dev.gpudra.operator.render.nvidia.sandbox;
