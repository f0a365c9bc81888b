package dev.gpudra.deviceplugin.devices;

import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigDevice;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The node's GPUs as NVML lists them, with the MIG devices of the MIG-enabled ones.
 *
 * @param migDevices by GPU UUID, in NVML's order, for each GPU with MIG enabled (NVML's current
 *     mode, which a MIG mode change makes differ from the mode the GPU was listed with)
 */
public record NodeGpus(List<GpuInfo> gpus, Map<String, List<MigDevice>> migDevices) {
  public NodeGpus {
    gpus = List.copyOf(gpus);
    migDevices = Map.copyOf(Objects.requireNonNull(migDevices, "migDevices"));
  }

  /** GPUs with no MIG devices read. */
  public static NodeGpus whole(List<GpuInfo> gpus) {
    return new NodeGpus(gpus, Map.of());
  }

  /** Whether MIG is enabled on the GPU: its MIG devices were read. */
  public boolean migEnabled(GpuInfo gpu) {
    return migDevices.containsKey(gpu.uuid());
  }

  /** The MIG devices of a MIG-enabled GPU, in NVML's order. */
  public List<MigSlot> migSlots(GpuInfo gpu) {
    List<MigDevice> devices = migDevices.getOrDefault(gpu.uuid(), List.of());
    return java.util.stream.IntStream.range(0, devices.size())
        .mapToObj(i -> new MigSlot(i, devices.get(i)))
        .toList();
  }
}
