package dev.gpudra.gpu.discovery;

import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigMode;
import dev.gpudra.nvml.MigProfile;
import dev.gpudra.nvml.Nvml;
import dev.gpudra.nvml.Placement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What DynamicMIG offers, as NVIDIA's plugin decides it: a GPU that changes MIG mode without a
 * reset (Hopper and newer) is offered whole and as every profile at every placement; an Ampere GPU
 * already in MIG mode only as its partitions (its mode cannot change now); any other GPU whole.
 * GPUs in PCI bus ID order, each GPU's devices in name order (the scheduler takes the first fit).
 */
final class DynamicMigOffer {
  private final Nvml nvml;

  DynamicMigOffer(Nvml nvml) {
    this.nvml = nvml;
  }

  /** Whether MIG devices can be made on this GPU now. */
  static boolean partitionable(GpuInfo gpu) {
    return gpu.migCapable()
        && (gpu.architecture().togglesMigWithoutReset() || gpu.migMode() == MigMode.ENABLED);
  }

  Inventory inventory(List<GpuInfo> gpus) {
    List<AllocatableDevice> devices = new ArrayList<>();
    List<GpuInfo> ordered = gpus.stream().sorted(Comparator.comparing(GpuInfo::pciBusId)).toList();
    for (GpuInfo gpu : ordered) {
      List<AllocatableDevice> own = new ArrayList<>();
      if (!partitionable(gpu) || gpu.architecture().togglesMigWithoutReset()) {
        own.add(new FullGpu(gpu));
      }
      if (partitionable(gpu)) {
        for (MigProfile profile : nvml.migProfiles(gpu)) {
          for (Placement placement : profile.placements()) {
            own.add(new AbstractMigDevice(gpu, profile, placement));
          }
        }
      }
      own.sort(Comparator.comparing(AllocatableDevice::name));
      devices.addAll(own);
    }
    return new Inventory(nvml.system(), devices, List.of());
  }
}
