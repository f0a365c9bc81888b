package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCounterConsumption;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Compatibility groups (DRADeviceCompatibilityGroups, alpha in 1.37): per counter set, what the
 * devices other claims hold have in common, and whether a candidate may join them and the devices
 * this claim has chosen so far. kube-scheduler checks this before the counters; slices that carry
 * groups mean the API server kept them, so the gate is on (as for counters).
 */
final class GroupLedger {
  private final Map<String, GroupIntersection> baseline;
  private final Set<DeviceId> consuming;

  private GroupLedger(Map<String, GroupIntersection> baseline, Set<DeviceId> consuming) {
    this.baseline = baseline;
    this.consuming = consuming;
  }

  /**
   * @param inUse what other claims hold: their devices' groups, read from the current slices
   */
  static GroupLedger of(List<Pool> pools, DevicesInUse inUse) {
    Set<DeviceId> consuming = new HashSet<>(inUse.exclusive());
    consuming.addAll(inUse.consumed().keySet());
    Map<String, GroupIntersection> baseline = new HashMap<>();
    for (Pool pool : pools) {
      for (Candidate candidate : pool.candidates()) {
        if (consuming.contains(candidate.id())) {
          join(candidate, baseline);
        }
      }
    }
    return new GroupLedger(baseline, Set.copyOf(consuming));
  }

  /** Why other claims' devices keep the candidate out, if they do. */
  Optional<String> conflictWithOthers(Candidate candidate) {
    return conflict(candidate, List.of(), "other claims' devices");
  }

  /** Why other claims' devices and this claim's choices keep the candidate out, if they do. */
  Optional<String> conflict(Candidate candidate, List<AttributeConstraint.Choice> chosen) {
    return conflict(candidate, chosen, "the devices other claims and this claim hold");
  }

  private Optional<String> conflict(
      Candidate candidate, List<AttributeConstraint.Choice> chosen, String holders) {
    List<DeviceCounterConsumption> wants = consumes(candidate.device());
    if (wants.isEmpty() || (CapacityLedger.shareable(candidate) && hasShare(candidate, chosen))) {
      return Optional.empty();
    }
    Map<String, GroupIntersection> running = new HashMap<>(baseline);
    Set<DeviceId> counted = new HashSet<>();
    chosen.stream()
        .filter(c -> !consuming.contains(c.candidate().id()))
        .filter(c -> counted.add(c.candidate().id()))
        .forEach(c -> join(c.candidate(), running));
    for (DeviceCounterConsumption consumption : wants) {
      String key = key(candidate.id(), consumption.getCounterSet());
      GroupIntersection members = running.getOrDefault(key, GroupIntersection.EMPTY);
      List<String> groups = groups(consumption);
      if (!members.admits(groups)) {
        return Optional.of(
            "on counter set "
                + consumption.getCounterSet()
                + " it has "
                + (groups.isEmpty() ? "no compatibility groups" : "compatibility groups " + groups)
                + ", and "
                + holders
                + " there have "
                + (members.allEmpty() ? "none" : "in common " + members.describe()));
      }
    }
    return Optional.empty();
  }

  private boolean hasShare(Candidate candidate, List<AttributeConstraint.Choice> chosen) {
    return consuming.contains(candidate.id())
        || chosen.stream().anyMatch(c -> c.candidate().id().equals(candidate.id()));
  }

  private static void join(Candidate candidate, Map<String, GroupIntersection> into) {
    for (DeviceCounterConsumption consumption : consumes(candidate.device())) {
      String key = key(candidate.id(), consumption.getCounterSet());
      into.put(key, into.getOrDefault(key, GroupIntersection.EMPTY).with(groups(consumption)));
    }
  }

  /** {@code compatibilityGroups}: a field newer than the model, so read from its extra fields. */
  static List<String> groups(DeviceCounterConsumption consumption) {
    Object groups = consumption.getAdditionalProperties().get("compatibilityGroups");
    if (!(groups instanceof List<?> list)) {
      return List.of();
    }
    return list.stream().map(String::valueOf).toList();
  }

  private static List<DeviceCounterConsumption> consumes(Device device) {
    return device.getConsumesCounters() == null ? List.of() : device.getConsumesCounters();
  }

  private static String key(DeviceId device, String counterSet) {
    return device.driver() + "\u0000" + device.pool() + "\u0000" + counterSet;
  }
}
