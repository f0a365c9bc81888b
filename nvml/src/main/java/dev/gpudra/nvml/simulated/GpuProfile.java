package dev.gpudra.nvml.simulated;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * A validated simulated node: driver versions, groups of GPUs in NVML index order, and one PCI slot
 * per GPU.
 *
 * @param name the profile's name, part of every simulated UUID
 * @param cudaDriverVersion major*1000 + minor*10, e.g. 13000
 */
public record GpuProfile(
    String name,
    String driverVersion,
    int cudaDriverVersion,
    List<GpuGroup> groups,
    List<PciSlot> pciSlots) {
  public GpuProfile {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(driverVersion, "driverVersion");
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
  }

  public int gpuCount() {
    return pciSlots.size();
  }
}
