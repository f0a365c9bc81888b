package dev.gpudra.nvml.simulated;

import dev.gpudra.nvml.Architecture;
import dev.gpudra.nvml.Brand;
import dev.gpudra.nvml.ComputeCapability;
import dev.gpudra.nvml.MigProfile;
import java.util.List;
import java.util.Objects;

/**
 * What NVML reports for one GPU model, independent of how a node configures it.
 *
 * @param name NVML product name, e.g. {@code NVIDIA A100-SXM4-40GB}
 * @param memoryMiB {@code nvmlDeviceGetMemoryInfo().total} in MiB
 * @param pciDeviceId the 32-bit PCI ID as NVML packs it, {@code 0x<device><vendor>}
 * @param migProfiles the GPU-instance profiles, ordered by NVML constant; empty without MIG
 */
public record GpuModel(
    String name,
    Brand brand,
    Architecture architecture,
    ComputeCapability computeCapability,
    long memoryMiB,
    long pciDeviceId,
    List<MigProfile> migProfiles) {
  public GpuModel {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(brand, "brand");
    Objects.requireNonNull(architecture, "architecture");
    Objects.requireNonNull(computeCapability, "computeCapability");
    migProfiles = List.copyOf(migProfiles);
    if (name.isBlank()) {
      throw new IllegalArgumentException("name must not be blank");
    }
    if (memoryMiB <= 0) {
      throw new IllegalArgumentException("memoryMiB must be positive: " + memoryMiB);
    }
    if (pciDeviceId <= 0 || pciDeviceId > 0xFFFF_FFFFL) {
      throw new IllegalArgumentException("pciDeviceId must be a 32-bit value: " + pciDeviceId);
    }
  }

  public long memoryBytes() {
    return memoryMiB << 20;
  }
}
