package dev.gpudra.gpu.plugin;

import dev.gpudra.gpu.discovery.AbstractMigDevice;
import dev.gpudra.gpu.discovery.Inventory;
import dev.gpudra.nvml.GpuInfo;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The GPUs DynamicMIG partitions on demand: those with abstract MIG devices in the inventory. */
final class PartitionedGpus {
  private PartitionedGpus() {}

  static List<GpuInfo> of(Inventory inventory) {
    Map<String, GpuInfo> gpus = new LinkedHashMap<>();
    inventory.devices().stream()
        .filter(d -> d instanceof AbstractMigDevice)
        .forEach(d -> gpus.putIfAbsent(d.gpu().uuid(), d.gpu()));
    return List.copyOf(gpus.values());
  }
}
