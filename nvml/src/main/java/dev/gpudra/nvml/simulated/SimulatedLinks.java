package dev.gpudra.nvml.simulated;

import dev.gpudra.nvml.GpuLink;
import dev.gpudra.nvml.PcieLevel;
import java.util.List;

/** How two simulated GPUs are linked, from their PCI slots and the profile's NVLinks. */
final class SimulatedLinks {
  private final List<PciSlot> slots;
  private final NvLinks nvlinks;

  SimulatedLinks(GpuProfile profile) {
    this.slots = profile.pciSlots();
    this.nvlinks = profile.nvlinks();
  }

  /** The link between the GPUs of NVML indices {@code a} and {@code b} (different). */
  GpuLink between(int a, int b) {
    return new GpuLink(level(slots.get(a), slots.get(b)), nvlinks.between(a, b));
  }

  /**
   * Different NUMA nodes: SYSTEM; different root complexes: NODE; no switch in common: HOSTBRIDGE;
   * both right under the same switch: SINGLE; otherwise the path crosses several switches:
   * MULTIPLE.
   */
  static PcieLevel level(PciSlot a, PciSlot b) {
    if (a.numaNode() != b.numaNode()) {
      return PcieLevel.SYSTEM;
    }
    if (!a.pcieRoot().equals(b.pcieRoot())) {
      return PcieLevel.NODE;
    }
    List<String> x = a.switches();
    List<String> y = b.switches();
    if (x.isEmpty() || y.isEmpty() || !x.getFirst().equals(y.getFirst())) {
      return PcieLevel.HOSTBRIDGE;
    }
    return x.equals(y) ? PcieLevel.SINGLE : PcieLevel.MULTIPLE;
  }
}
