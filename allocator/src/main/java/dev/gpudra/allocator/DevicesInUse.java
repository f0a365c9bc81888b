package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.AllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What other claims hold, as the scheduler counts it: devices allocated whole, and for devices that
 * allow multiple allocations (DRAConsumableCapacity) the capacity their shares consume.
 *
 * @param exclusive devices allocated without a share ID and without admin access
 * @param consumed per shared device, the sum over its shares of each consumed capacity, by the
 *     capacity's name as the device publishes it; a device with shares that consume nothing
 *     recorded maps to an empty map
 */
public record DevicesInUse(
    Set<DeviceId> exclusive, Map<DeviceId, Map<String, BigDecimal>> consumed) {
  public static final DevicesInUse NONE = new DevicesInUse(Set.of(), Map.of());

  public DevicesInUse {
    exclusive = Set.copyOf(Objects.requireNonNull(exclusive, "exclusive"));
    Map<DeviceId, Map<String, BigDecimal>> copy = new HashMap<>();
    Objects.requireNonNull(consumed, "consumed").forEach((id, m) -> copy.put(id, Map.copyOf(m)));
    consumed = Map.copyOf(copy);
  }

  /** Only whole devices. */
  public static DevicesInUse of(Set<DeviceId> exclusive) {
    return new DevicesInUse(exclusive, Map.of());
  }

  /** These holdings plus what one allocation result holds; null adds nothing. */
  public DevicesInUse with(AllocationResult result) {
    if (result == null || result.getDevices() == null) {
      return this;
    }
    return with(RequestReader.orEmpty(result.getDevices().getResults()));
  }

  private DevicesInUse with(List<DeviceRequestAllocationResult> results) {
    Set<DeviceId> whole = new HashSet<>(exclusive);
    Map<DeviceId, Map<String, BigDecimal>> shares = new HashMap<>();
    consumed.forEach((id, m) -> shares.put(id, new HashMap<>(m)));
    for (DeviceRequestAllocationResult r : results) {
      DeviceId id = new DeviceId(r.getDriver(), r.getPool(), r.getDevice());
      if (Boolean.TRUE.equals(r.getAdminAccess())) {
        continue; // admin access holds nothing, not even a share's capacity
      }
      if (r.getShareID() != null && !r.getShareID().isEmpty()) {
        Map<String, BigDecimal> sum = shares.computeIfAbsent(id, k -> new HashMap<>());
        Map<String, Quantity> used =
            r.getConsumedCapacity() == null ? Map.of() : r.getConsumedCapacity();
        used.forEach((name, q) -> sum.merge(name, q.getNumericalAmount(), BigDecimal::add));
      } else {
        whole.add(id);
      }
    }
    return new DevicesInUse(whole, shares);
  }

  /** These holdings plus these devices, whole. */
  public DevicesInUse holding(Set<DeviceId> devices) {
    Set<DeviceId> whole = new HashSet<>(exclusive);
    whole.addAll(devices);
    return new DevicesInUse(whole, consumed);
  }

  /** Whether a share of the device is held. */
  public boolean shared(DeviceId device) {
    return consumed.containsKey(device);
  }

  /** What the device's shares consume of one capacity, by its published name; zero when none. */
  BigDecimal consumed(DeviceId device, String capacity) {
    return consumed.getOrDefault(device, Map.of()).getOrDefault(capacity, BigDecimal.ZERO);
  }
}
