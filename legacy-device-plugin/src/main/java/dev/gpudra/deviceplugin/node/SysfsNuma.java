package dev.gpudra.deviceplugin.node;

import dev.gpudra.nvml.GpuInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;

/**
 * A GPU's NUMA node, as the kernel reports it in {@code <sys>/bus/pci/devices/<bus ID>/numa_node};
 * {@code -1}, an absent file or an unreadable one is no NUMA node (single-socket machines, VMs).
 */
record SysfsNuma(Path sysRoot) {
  OptionalInt of(GpuInfo gpu) {
    Path file = sysRoot.resolve("bus/pci/devices").resolve(gpu.pciBusId()).resolve("numa_node");
    try {
      int node = Integer.parseInt(Files.readString(file).strip());
      return node < 0 ? OptionalInt.empty() : OptionalInt.of(node);
    } catch (IOException | NumberFormatException e) {
      return OptionalInt.empty();
    }
  }
}
