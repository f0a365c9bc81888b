package dev.gpudra.localcluster.devicemanager;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which pod holds which device of each resource, and what its containers got. A device is held by
 * one pod at most; only healthy free devices are taken.
 */
final class DeviceAssignments {
  private final Map<String, Map<String, String>> holders = new HashMap<>();
  private final Map<String, Map<String, ContainerAllocation>> pods = new HashMap<>();

  /**
   * Takes {@code count} free healthy devices of the resource for the pod: the plugin's preferred
   * ones when it names a valid choice, else the first free ones in its order.
   *
   * @throws AllocationException too few free healthy devices
   */
  synchronized List<String> take(
      String podUid, String resource, PluginEndpoint endpoint, int count) {
    Map<String, String> held = holders.computeIfAbsent(resource, r -> new HashMap<>());
    List<String> free = endpoint.healthy().stream().filter(id -> !held.containsKey(id)).toList();
    if (free.size() < count) {
      throw new AllocationException(
          "Insufficient "
              + resource
              + ": requested "
              + count
              + ", "
              + free.size()
              + " free healthy devices");
    }
    List<String> preferred = endpoint.preferred(free, count);
    List<String> chosen =
        preferred.size() == count && Set.copyOf(free).containsAll(preferred)
            ? preferred
            : free.subList(0, count);
    chosen.forEach(id -> held.put(id, podUid));
    return List.copyOf(chosen);
  }

  synchronized void record(String podUid, Map<String, ContainerAllocation> byContainer) {
    if (!byContainer.isEmpty()) {
      pods.put(podUid, new LinkedHashMap<>(byContainer));
    }
  }

  synchronized Optional<Map<String, ContainerAllocation>> of(String podUid) {
    return Optional.ofNullable(pods.get(podUid))
        .map(m -> java.util.Collections.unmodifiableMap(new LinkedHashMap<>(m)));
  }

  synchronized void release(String podUid) {
    pods.remove(podUid);
    holders.values().forEach(held -> held.values().removeIf(podUid::equals));
  }

  /** The devices of the resource some pod holds. */
  synchronized Set<String> held(String resource) {
    return new HashSet<>(holders.getOrDefault(resource, Map.of()).keySet());
  }
}
