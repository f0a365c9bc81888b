package dev.gpudra.gpu.discovery;

import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigDevice;
import dev.gpudra.nvml.MigMode;
import dev.gpudra.nvml.Nvml;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

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
    return discover(false);
  }

  /**
   * @param dynamicMig offer MIG devices to be created on demand (DynamicMIG) instead of the
   *     existing ones; falls back to the static offer when no GPU can be partitioned on demand
   */
  public Inventory discover(boolean dynamicMig) {
    return discover(dynamicMig, Optional.empty());
  }

  /**
   * @param passthrough PassthroughSupport's {@code gpu-vfio-<i>} devices, after the NVML ones (with
   *     DynamicMIG too, DeviceCompatibilityGroups: the GPU's counters tell the modes apart)
   */
  public Inventory discover(boolean dynamicMig, Optional<VfioOffer> passthrough) {
    List<GpuInfo> gpus =
        nvml.gpus().stream().sorted(Comparator.comparingInt(GpuInfo::index)).toList();
    if (dynamicMig && gpus.stream().anyMatch(DynamicMigOffer::partitionable)) {
      Inventory dynamic = new DynamicMigOffer(nvml).inventory(gpus);
      return passthrough.map(p -> dynamic.with(p.devices(gpus))).orElse(dynamic);
    }
    List<AllocatableDevice> devices = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    if (dynamicMig) {
      warnings.add(
          "DynamicMIG is on, but no GPU can be partitioned on demand (none is MIG-capable and"
              + " either in MIG mode or of an architecture that changes MIG mode without a"
              + " reset): offering whole GPUs and existing MIG devices");
    }
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
    passthrough.ifPresent(p -> devices.addAll(p.devices(gpus)));
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
