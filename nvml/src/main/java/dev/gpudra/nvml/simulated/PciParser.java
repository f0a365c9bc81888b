package dev.gpudra.nvml.simulated;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a profile's {@code pci} list: one row per GPU, with the NUMA node of its root complex and
 * the PCIe switches above it. A root complex sits on one NUMA node, and a switch has the same
 * upstream path wherever it is named.
 */
final class PciParser {
  private static final Set<String> KEYS = Set.of("busId", "pcieRoot", "numaNode", "switches");

  List<PciSlot> parse(ProfileNode root, int gpuCount) {
    if (root.optional("pci").isEmpty()) {
      return PciSlot.pairedLayout(gpuCount);
    }
    List<ProfileNode> rows = root.list("pci");
    if (rows.size() != gpuCount) {
      throw root.required("pci")
          .fail("needs one entry per GPU: " + gpuCount + " GPUs, " + rows.size() + " entries");
    }
    Map<String, Integer> numaOfRoot = new HashMap<>();
    Map<String, String> upstreamOfSwitch = new HashMap<>();
    List<PciSlot> slots = new ArrayList<>();
    for (ProfileNode row : rows) {
      PciSlot slot = slot(row);
      Integer numa = numaOfRoot.putIfAbsent(slot.pcieRoot(), slot.numaNode());
      if (numa != null && numa != slot.numaNode()) {
        throw row.required("numaNode")
            .fail(
                "root complex %s is on NUMA node %d in an earlier entry; a root complex sits on one node"
                    .formatted(slot.pcieRoot(), numa));
      }
      checkSwitches(row, slot, upstreamOfSwitch);
      slots.add(slot);
    }
    return slots;
  }

  private static PciSlot slot(ProfileNode row) {
    row.allowOnly(KEYS);
    String busId = row.required("busId").text();
    String pcieRoot = row.required("pcieRoot").text();
    int numaNode = row.optional("numaNode").map(ProfileNode::intValue).orElse(0);
    List<String> switches = row.list("switches").stream().map(ProfileNode::text).toList();
    try {
      return new PciSlot(busId, pcieRoot, numaNode, switches);
    } catch (IllegalArgumentException e) {
      throw row.fail(e.getMessage());
    }
  }

  private static void checkSwitches(ProfileNode row, PciSlot slot, Map<String, String> upstream) {
    String path = slot.pcieRoot();
    for (String name : slot.switches()) {
      String seen = upstream.putIfAbsent(name, path);
      if (seen != null && !seen.equals(path)) {
        throw row.required("switches")
            .fail(
                "switch '%s' sits under %s in an earlier entry, here under %s"
                    .formatted(name, seen, path));
      }
      path = path + "/" + name;
    }
  }
}
