package dev.gpudra.deviceplugin.server;

import dev.gpudra.deviceplugin.config.AllocationPolicy;
import dev.gpudra.deviceplugin.devices.AdvertisedDevice;
import dev.gpudra.deviceplugin.devices.AdvertisedResource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * GetPreferredAllocation for replicas, as NVIDIA's plugin: the devices the kubelet must include
 * first, then one replica at a time from the GPU chosen by {@code sharedDevicesAllocationPolicy}:
 * {@code distributed} takes the GPU with the fewest replicas in use (those not available, plus
 * those chosen in this request; ties: fewer chosen in this request, then the GPUs' order), {@code
 * packed} the one with the most.
 */
final class PreferredAllocation implements DevicePreference {
  private final AllocationPolicy policy;
  private final Map<String, AdvertisedDevice> byId = new HashMap<>();
  private final Map<String, Integer> replicasPerGpu = new HashMap<>();
  private final Map<String, Integer> gpuOrder = new HashMap<>();

  PreferredAllocation(AdvertisedResource resource, AllocationPolicy policy) {
    this.policy = policy;
    for (AdvertisedDevice device : resource.devices()) {
      byId.put(device.id(), device);
      replicasPerGpu.merge(device.gpu().uuid(), 1, Integer::sum);
      gpuOrder.putIfAbsent(device.gpu().uuid(), gpuOrder.size());
    }
  }

  @Override
  public List<String> choose(List<String> available, List<String> mustInclude, int size) {
    known(available);
    known(mustInclude);
    Set<String> chosen = new LinkedHashSet<>(mustInclude);
    Map<String, Integer> free = new HashMap<>();
    Map<String, List<String>> freeIds = new HashMap<>();
    for (String id : new LinkedHashSet<>(available)) {
      if (!chosen.contains(id)) {
        String gpu = gpuOf(id);
        free.merge(gpu, 1, Integer::sum);
        freeIds.computeIfAbsent(gpu, g -> new ArrayList<>()).add(id);
      }
    }
    Map<String, Integer> inRequest = new HashMap<>();
    for (String id : chosen) {
      inRequest.merge(gpuOf(id), 1, Integer::sum);
    }
    while (chosen.size() < size) {
      String gpu = next(freeIds, inRequest);
      if (gpu == null) {
        break;
      }
      chosen.add(freeIds.get(gpu).removeFirst());
      inRequest.merge(gpu, 1, Integer::sum);
    }
    return List.copyOf(chosen).subList(0, Math.min(size, chosen.size()));
  }

  private String next(Map<String, List<String>> freeIds, Map<String, Integer> inRequest) {
    Comparator<String> used = Comparator.comparingInt(g -> inUse(g, freeIds));
    Comparator<String> order =
        (policy == AllocationPolicy.PACKED ? used.reversed() : used)
            .thenComparingInt(g -> inRequest.getOrDefault(g, 0))
            .thenComparingInt(gpuOrder::get);
    return freeIds.entrySet().stream()
        .filter(e -> !e.getValue().isEmpty())
        .map(Map.Entry::getKey)
        .min(order)
        .orElse(null);
  }

  /** Replicas of the GPU in use: not available to this request, or chosen in it. */
  private int inUse(String gpu, Map<String, List<String>> freeIds) {
    int total = replicasPerGpu.get(gpu);
    int free = freeIds.getOrDefault(gpu, List.of()).size();
    return total - free;
  }

  private String gpuOf(String id) {
    return byId.get(id).gpu().uuid();
  }

  private void known(List<String> ids) {
    for (String id : ids) {
      if (!byId.containsKey(id)) {
        throw new AllocateRefusedException("unknown device " + id);
      }
    }
  }
}
