package dev.gpudra.gpu.discovery;

import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigDevice;
import dev.gpudra.nvml.MigMode;
import dev.gpudra.nvml.Nvml;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Asks NVML what the node has and decides what to offer: a GPU not in MIG mode is one {@link
 * FullGpu}; a GPU in MIG mode is offered only as its existing MIG devices (none, with a warning,
 * when it has no MIG devices), because the whole GPU cannot be handed out while it is partitioned.
 */
public final class DeviceDiscovery {
  private final Nvml nvml;

  public DeviceDiscovery(Nvml nvml) {
    this.nvml = Objects.requireNonNull(nvml, "nvml");
  }

  public Inventory discover() {
    List<AllocatableDevice> devices = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    List<GpuInfo> gpus =
        nvml.gpus().stream().sorted(Comparator.comparingInt(GpuInfo::index)).toList();
    for (GpuInfo gpu : gpus) {
      if (gpu.migMode() == MigMode.ENABLED) {
        List<StaticMigDevice> migs = migDevices(gpu);
        if (migs.isEmpty()) {
          warnings.add(
              "GPU "
                  + gpu.minor()
                  + " ("
                  + gpu.uuid()
                  + ") is in MIG mode but has no MIG devices: nothing is offered for it");
        }
        devices.addAll(migs);
      } else {
        devices.add(new FullGpu(gpu));
      }
    }
    return new Inventory(nvml.system(), devices, warnings);
  }

  private List<StaticMigDevice> migDevices(GpuInfo gpu) {
    return nvml.migDevices(gpu).stream()
        .sorted(
            Comparator.comparingInt((MigDevice m) -> m.placement().start())
                .thenComparingInt(m -> m.profile().id()))
        .map(m -> new StaticMigDevice(gpu, m))
        .toList();
  }
}
