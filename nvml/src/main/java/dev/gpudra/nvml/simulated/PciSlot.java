package dev.gpudra.nvml.simulated;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Where a simulated GPU sits on PCIe.
 *
 * @param busId lower-case BDF with a 4-digit domain, e.g. {@code 0000:07:00.0}
 * @param pcieRoot the root complex, {@code pci<domain>:<bus>}, e.g. {@code pci0000:00}
 */
public record PciSlot(String busId, String pcieRoot) {
  private static final Pattern BUS_ID =
      Pattern.compile("[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]");
  private static final Pattern ROOT = Pattern.compile("pci[0-9a-f]{4}:[0-9a-f]{2}");

  public PciSlot {
    Objects.requireNonNull(busId, "busId");
    Objects.requireNonNull(pcieRoot, "pcieRoot");
    if (!BUS_ID.matcher(busId).matches()) {
      throw new IllegalArgumentException(
          "bus ID must be a lower-case BDF like 0000:07:00.0: " + busId);
    }
    if (!ROOT.matcher(pcieRoot).matches()) {
      throw new IllegalArgumentException(
          "PCIe root must look like pci0000:00 (lower case): " + pcieRoot);
    }
  }

  /**
   * The layout used when a profile gives none: GPUs in pairs under one root complex, as on a dual
   * socket server with a PCIe switch per pair. Pair {@code p} sits under root bus {@code p * 0x20},
   * its GPUs at buses {@code +0x07} and {@code +0x0f}; sixteen GPUs per PCI domain.
   */
  public static List<PciSlot> pairedLayout(int gpuCount) {
    List<PciSlot> slots = new ArrayList<>();
    for (int i = 0; i < gpuCount; i++) {
      int domain = i / 16;
      int rootBus = ((i % 16) / 2) * 0x20;
      int bus = rootBus + (i % 2 == 0 ? 0x07 : 0x0f);
      slots.add(
          new PciSlot(
              "%04x:%02x:00.0".formatted(domain, bus), "pci%04x:%02x".formatted(domain, rootBus)));
    }
    return List.copyOf(slots);
  }
}
