package dev.gpudra.kit.slices.model;

import io.fabric8.kubernetes.api.model.resource.v1.CounterSet;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import java.util.List;

/**
 * What one ResourceSlice of the pool carries: devices, shared counters, or both (Kubernetes
 * {@literal <} 1.35 wants a GPU's counters beside its devices; {@literal >=} 1.35 lets a slice
 * carry only counters).
 *
 * @param devices in publication order
 * @param sharedCounters the counter sets devices of the pool consume (DRAPartitionableDevices)
 */
public record SliceContent(List<Device> devices, List<CounterSet> sharedCounters) {
  public SliceContent {
    devices = List.copyOf(devices);
    sharedCounters = List.copyOf(sharedCounters);
  }

  public static SliceContent of(List<Device> devices) {
    return new SliceContent(devices, List.of());
  }
}
