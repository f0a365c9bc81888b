package dev.gpudra.nvml;

import java.util.List;
import java.util.Objects;

/**
 * A GPU-instance profile with a full compute instance (G == C), e.g. {@code 1g.5gb}.
 *
 * @param constant the NVML {@code NVML_GPU_INSTANCE_PROFILE_*} constant it was read with
 * @param id the device-specific profile ID ({@code nvmlGpuInstanceProfileInfo.id}), e.g. 19
 * @param name go-nvlib's profile name, e.g. {@code 1g.5gb}, {@code 1g.5gb+me}
 * @param sliceCount compute slices (the G in {@code Ng})
 * @param instanceCount how many instances of this profile fit on the GPU
 */
public record MigProfile(
    int constant,
    int id,
    String name,
    int sliceCount,
    int instanceCount,
    MigResources resources,
    List<Placement> placements) {
  public MigProfile {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(resources, "resources");
    placements = List.copyOf(placements);
    if (constant < 0 || id < 0 || sliceCount < 1 || instanceCount < 0) {
      throw new IllegalArgumentException("invalid MIG profile " + name);
    }
  }
}
