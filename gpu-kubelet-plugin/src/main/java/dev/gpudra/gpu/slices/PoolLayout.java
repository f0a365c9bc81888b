package dev.gpudra.gpu.slices;

import dev.gpudra.gpu.discovery.AbstractMigDevice;
import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.gpu.discovery.VfioGpu;
import dev.gpudra.kit.slices.model.SliceContent;
import dev.gpudra.kit.slices.model.SliceLayout;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigProfile;
import io.fabric8.kubernetes.api.model.resource.v1.CounterSet;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How the pool is cut into ResourceSlices. Without partitionable GPUs: the devices in as few slices
 * as the API allows. With DynamicMIG, as NVIDIA's plugin cuts it: on Kubernetes {@literal >=} 1.35
 * the counter sets in slices of their own (at most 8 sets each) followed by one devices-only slice
 * per GPU; before 1.35 one slice per GPU with its devices and its counter set.
 */
public final class PoolLayout {
  /** Counter sets per slice (Kubernetes 1.35). */
  static final int MAX_COUNTER_SETS = 8;

  /** Where the shared counters go. */
  public enum Counters {
    /**
     * Kubernetes {@literal >=} 1.35: devices and shared counters exclude each other within a slice.
     */
    APART,
    /** Kubernetes {@literal <} 1.35: a GPU's counters beside its devices. */
    BESIDE_DEVICES
  }

  private PoolLayout() {}

  /**
   * @param inventory the allocatable devices, grouped by GPU as discovery orders them
   * @param devices the published form of each, in the same order
   */
  public static List<SliceContent> slices(
      List<AllocatableDevice> inventory, List<Device> devices, Counters counters) {
    Map<String, List<MigProfile>> partitions = DeviceModel.partitions(inventory);
    if (partitions.isEmpty()) {
      return SliceLayout.slices(devices);
    }
    Map<String, List<Device>> byGpu = new LinkedHashMap<>();
    Map<String, GpuInfo> gpus = new LinkedHashMap<>();
    for (int i = 0; i < inventory.size(); i++) {
      Optional<GpuInfo> gpu = nvmlGpu(inventory.get(i));
      gpu.ifPresent(g -> gpus.putIfAbsent(g.uuid(), g));
      String key = gpu.map(GpuInfo::uuid).orElse(inventory.get(i).name());
      byGpu.computeIfAbsent(key, k -> new ArrayList<>()).add(devices.get(i));
    }
    List<SliceContent> slices = new ArrayList<>();
    if (counters == Counters.APART) {
      List<CounterSet> sets = new ArrayList<>();
      partitions.forEach((uuid, profiles) -> sets.add(MigCounters.set(gpus.get(uuid), profiles)));
      for (int from = 0; from < sets.size(); from += MAX_COUNTER_SETS) {
        List<CounterSet> chunk = sets.subList(from, Math.min(sets.size(), from + MAX_COUNTER_SETS));
        slices.add(new SliceContent(List.of(), chunk));
      }
    }
    byGpu.forEach((uuid, own) -> {
      List<CounterSet> beside =
          counters == Counters.BESIDE_DEVICES && partitions.containsKey(uuid)
              ? List.of(MigCounters.set(gpus.get(uuid), partitions.get(uuid)))
              : List.of();
      slices.add(new SliceContent(own, beside));
    });
    return slices;
  }

  /** The GPU as NVML sees it; none for a passthrough GPU bound to vfio-pci. */
  private static Optional<GpuInfo> nvmlGpu(AllocatableDevice device) {
    return device instanceof VfioGpu vfio ? vfio.parent() : Optional.of(device.gpu());
  }

  /** Whether the inventory has devices made on demand. */
  public static boolean partitioned(List<AllocatableDevice> inventory) {
    return inventory.stream().anyMatch(d -> d instanceof AbstractMigDevice);
  }
}
