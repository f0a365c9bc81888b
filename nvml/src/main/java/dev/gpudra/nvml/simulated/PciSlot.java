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
 * @param numaNode the NUMA node of the root complex
 * @param switches the PCIe switches between the root complex and the GPU, root side first; names
 *     are the profile's own and name one switch wherever they appear
 */
public record PciSlot(String busId, String pcieRoot, int numaNode, List<String> switches) {
  private static final Pattern BUS_ID =
      Pattern.compile("[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]");
  private static final Pattern ROOT = Pattern.compile("pci[0-9a-f]{4}:[0-9a-f]{2}");
  private static final Pattern SWITCH = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,62}");

  public PciSlot {
    Objects.requireNonNull(busId, "busId");
    Objects.requireNonNull(pcieRoot, "pcieRoot");
    switches = List.copyOf(switches);
    if (!BUS_ID.matcher(busId).matches()) {
      throw new IllegalArgumentException(
          "bus ID must be a lower-case BDF like 0000:07:00.0: " + busId);
    }
    if (!ROOT.matcher(pcieRoot).matches()) {
      throw new IllegalArgumentException(
          "PCIe root must look like pci0000:00 (lower case): " + pcieRoot);
    }
    if (numaNode < 0 || numaNode > 63) {
      throw new IllegalArgumentException("NUMA node must be between 0 and 63: " + numaNode);
    }
    for (String name : switches) {
      if (!SWITCH.matcher(name).matches()) {
        throw new IllegalArgumentException(
            "switch name must be letters, digits, '.', '_' or '-' (at most 63): '" + name + "'");
      }
    }
    if (switches.stream().distinct().count() != switches.size()) {
      throw new IllegalArgumentException("a switch appears twice on one path: " + switches);
    }
  }

  /** A GPU directly under its root complex, on NUMA node 0. */
  public PciSlot(String busId, String pcieRoot) {
    this(busId, pcieRoot, 0, List.of());
  }

  /**
   * The layout used when a profile gives none: GPUs in pairs under one root complex, as on a dual
   * socket server with a PCIe switch per pair ({@code plx<pair>}). Pair {@code p} sits under root
   * bus {@code p * 0x20}, its GPUs at buses {@code +0x07} and {@code +0x0f}; sixteen GPUs per PCI
   * domain. The first half of the pairs is on NUMA node 0, the rest on node 1.
   */
  public static List<PciSlot> pairedLayout(int gpuCount) {
    int pairs = (gpuCount + 1) / 2;
    List<PciSlot> slots = new ArrayList<>();
    for (int i = 0; i < gpuCount; i++) {
      int domain = i / 16;
      int rootBus = ((i % 16) / 2) * 0x20;
      int bus = rootBus + (i % 2 == 0 ? 0x07 : 0x0f);
      int pair = i / 2;
      slots.add(
          new PciSlot(
              "%04x:%02x:00.0".formatted(domain, bus),
              "pci%04x:%02x".formatted(domain, rootBus),
              pair < (pairs + 1) / 2 ? 0 : 1,
              List.of("plx" + pair)));
    }
    return List.copyOf(slots);
  }
}
