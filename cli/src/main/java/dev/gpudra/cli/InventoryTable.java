package dev.gpudra.cli;

import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.gpu.discovery.Inventory;
import dev.gpudra.gpu.slices.DeviceModel;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** A human-readable table of the devices a node offers. */
final class InventoryTable {
  /** Which columns: kubectl's default, or {@code -o wide}'s with the GPU's architecture. */
  enum Columns {
    STANDARD,
    WIDE
  }

  private static final String[] HEADER = {
    "DEVICE", "TYPE", "PRODUCT", "MEMORY", "PCI BUS ID", "PCIE ROOT", "UUID"
  };
  private static final String[] WIDE_HEADER = {"ARCHITECTURE", "COMPUTE CAPABILITY", "MIG MODE"};

  private final Inventory inventory;
  private final Columns columns;

  InventoryTable(Inventory inventory, Columns columns) {
    this.inventory = inventory;
    this.columns = columns;
  }

  void print(PrintWriter out) {
    out.printf(
        "driver %s, CUDA %d.%d, %d devices%n%n",
        inventory.system().driverVersion(),
        inventory.system().cudaDriverVersion() / 1000,
        inventory.system().cudaDriverVersion() % 1000 / 10,
        inventory.devices().size());
    List<String[]> rows = new ArrayList<>();
    rows.add(columns == Columns.WIDE ? concat(HEADER, WIDE_HEADER) : HEADER);
    List<Device> published = new DeviceModel(inventory.system()).devices(inventory.devices());
    for (int i = 0; i < published.size(); i++) {
      AllocatableDevice device = inventory.devices().get(i);
      String[] row = row(device, published.get(i));
      rows.add(columns == Columns.WIDE ? concat(row, wide(device)) : row);
    }
    int[] widths = widths(rows);
    rows.forEach(r -> out.println(line(r, widths)));
  }

  private static String[] row(AllocatableDevice d, Device device) {
    String profile =
        device.getAttributes().containsKey("profile")
            ? " " + device.getAttributes().get("profile").getString()
            : "";
    return new String[] {
      d.name(),
      d.type().attribute() + profile,
      d.gpu().name(),
      device.getCapacity().get("memory").getValue().toString(),
      d.gpu().pciBusId(),
      d.gpu().pcieRoot(),
      d.uuid()
    };
  }

  private static String[] wide(AllocatableDevice d) {
    return new String[] {
      d.gpu().architecture().label(),
      d.gpu().computeCapability().major() + "." + d.gpu().computeCapability().minor(),
      d.gpu().migMode().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-')
    };
  }

  private static String[] concat(String[] a, String[] b) {
    String[] both = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, both, a.length, b.length);
    return both;
  }

  private static int[] widths(List<String[]> rows) {
    int[] widths = new int[rows.getFirst().length];
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        widths[i] = Math.max(widths[i], row[i].length());
      }
    }
    return widths;
  }

  private static String line(String[] row, int[] widths) {
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < row.length; i++) {
      line.append(String.format("%-" + (widths[i] + 2) + "s", row[i]));
    }
    return line.toString().stripTrailing();
  }
}
