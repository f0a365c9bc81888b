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
  private static final String[] HEADER = {
    "DEVICE", "TYPE", "PRODUCT", "MEMORY", "PCI BUS ID", "PCIE ROOT", "UUID"
  };
  private final Inventory inventory;

  InventoryTable(Inventory inventory) {
    this.inventory = inventory;
  }

  void print(PrintWriter out) {
    out.printf(
        "driver %s, CUDA %d.%d, %d devices%n%n",
        inventory.system().driverVersion(),
        inventory.system().cudaDriverVersion() / 1000,
        inventory.system().cudaDriverVersion() % 1000 / 10,
        inventory.devices().size());
    List<String[]> rows = new ArrayList<>();
    rows.add(HEADER);
    List<Device> published = new DeviceModel(inventory.system()).devices(inventory.devices());
    for (int i = 0; i < published.size(); i++) {
      rows.add(row(inventory.devices().get(i), published.get(i)));
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

  private static int[] widths(List<String[]> rows) {
    int[] widths = new int[HEADER.length];
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
