package dev.gpudra.deviceclasses.model;

/**
 * Whether {@code gpu.nvidia.com} maps the extended resource {@code nvidia.com/gpu} to itself
 * (KEP-5004, feature gate {@code DRAExtendedResource}), so that pods asking for {@code
 * nvidia.com/gpu} in their resource limits are served through DRA.
 */
public enum ExtendedResourceMapping {
  /** Leave {@code spec.extendedResourceName} unset (clusters without the gate). */
  NONE,
  /** Set {@code spec.extendedResourceName: nvidia.com/gpu} on the {@code gpu.nvidia.com} class. */
  NVIDIA_GPU
}
