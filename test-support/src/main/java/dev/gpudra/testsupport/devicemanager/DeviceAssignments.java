package dev.gpudra.testsupport.devicemanager;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which pod holds which device of each resource, and what its containers got. A device is held by
 * one pod at most; only healthy free devices are taken.
 */
final class DeviceAssignments {
  /** The plugin's GetPreferredAllocation: a choice of {@code size} among {@code available}. */
  @FunctionalInterface
  interface Preference {
    List<String> choose(List<String> available, int size);
  }

  private final Map<String, Map<String, String>> holders = new HashMap<>();
  private final Map<String, Map<String, ContainerAllocation>> pods = new HashMap<>();

  /**
   * Takes {@code count} free healthy devices of the resource for the pod, as the kubelet picks
   * them: the plugin's preferred devices that are free first, then the other free ones in the
   * plugin's order until there are enough.
   *
   * @param healthy the resource's healthy devices, in the plugin's order
   * @throws AllocationException too few free healthy devices
   */
  synchronized List<String> take(
      String podUid, String resource, List<String> healthy, Preference preference, int count) {
    Map<String, String> held = holders.computeIfAbsent(resource, r -> new HashMap<>());
    List<String> free = healthy.stream().filter(id -> !held.containsKey(id)).toList();
    if (free.size() < count) {
      throw new AllocationException(
          "Insufficient %s: requested %d, %d free healthy devices"
              .formatted(resource, count, free.size()));
    }
    Set<String> chosen = new LinkedHashSet<>();
    Set<String> freeSet = Set.copyOf(free);
    for (String id : preference.choose(free, count)) {
      if (chosen.size() < count && freeSet.contains(id)) {
        chosen.add(id);
      }
    }
    for (String id : free) {
      if (chosen.size() < count) {
        chosen.add(id);
      }
    }
    chosen.forEach(id -> held.put(id, podUid));
    return List.copyOf(new ArrayList<>(chosen));
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
