package dev.gpudra.nvml.simulated;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * A validated simulated node: driver versions, groups of GPUs in NVML index order, one PCI slot per
 * GPU, and the NVLinks between them.
 *
 * @param name the profile's name, part of every simulated UUID
 * @param cudaDriverVersion major*1000 + minor*10, e.g. 13000
 * @param nvlinks the NVLinks; bridges name GPUs by NVML index
 */
public record GpuProfile(
    String name,
    String driverVersion,
    int cudaDriverVersion,
    List<GpuGroup> groups,
    List<PciSlot> pciSlots,
    NvLinks nvlinks) {
  public GpuProfile {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(driverVersion, "driverVersion");
    Objects.requireNonNull(nvlinks, "nvlinks");
    groups = List.copyOf(groups);
    pciSlots = List.copyOf(pciSlots);
    if (groups.isEmpty()) {
      throw new IllegalArgumentException("a profile needs at least one GPU group");
    }
    int gpus = groups.stream().mapToInt(GpuGroup::count).sum();
    if (pciSlots.size() != gpus) {
      throw new IllegalArgumentException(
          "needs one PCI slot per GPU: " + gpus + " GPUs, " + pciSlots.size() + " slots");
    }
    if (new HashSet<>(pciSlots.stream().map(PciSlot::busId).toList()).size() != gpus) {
      throw new IllegalArgumentException("PCI bus IDs must be unique");
    }
    for (NvLinks.Bridge bridge : nvlinks.bridges()) {
      if (bridge.second() >= gpus) {
        throw new IllegalArgumentException(
            "an NVLink bridge names GPU " + bridge.second() + "; the profile has " + gpus);
      }
    }
  }

  public int gpuCount() {
    return pciSlots.size();
  }
}
