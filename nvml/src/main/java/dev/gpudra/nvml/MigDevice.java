package dev.gpudra.nvml;

import java.util.Objects;

/**
 * A MIG device that exists on a GPU: one GPU instance with its full compute instance.
 *
 * @param gpuInstanceId GI ID
 * @param computeInstanceId CI ID
 * @param uuid {@code MIG-...}
 * @param profile the GPU-instance profile it was created from
 * @param placement where in the GPU's memory slices it sits
 * @param resources what the device reports (may differ slightly from the profile's memory)
 */
public record MigDevice(
    int gpuInstanceId,
    int computeInstanceId,
    String uuid,
    MigProfile profile,
    Placement placement,
    MigResources resources) {
  public MigDevice {
    Objects.requireNonNull(uuid, "uuid");
    Objects.requireNonNull(profile, "profile");
    Objects.requireNonNull(placement, "placement");
    Objects.requireNonNull(resources, "resources");
    if (!uuid.startsWith("MIG-")) {
      throw new IllegalArgumentException("MIG UUID must start with MIG-: " + uuid);
    }
    if (gpuInstanceId < 0 || computeInstanceId < 0) {
      throw new IllegalArgumentException("GI and CI IDs must be >= 0");
    }
  }
}
