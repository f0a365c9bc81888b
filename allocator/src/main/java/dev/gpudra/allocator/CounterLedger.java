package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.Counter;
import io.fabric8.kubernetes.api.model.resource.v1.CounterSet;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCounterConsumption;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Shared counters (DRAPartitionableDevices): what each pool's counter sets hold, less what devices
 * allocated to other claims consume. A device fits while every counter it consumes has enough left
 * after those and the devices this claim has chosen so far; slices that carry counters mean the API
 * server kept them, so the gate is on.
 */
final class CounterLedger {
  private final Map<String, BigDecimal> available;
  private final Set<DeviceId> consuming;

  private CounterLedger(Map<String, BigDecimal> available, Set<DeviceId> consuming) {
    this.available = available;
    this.consuming = consuming;
  }

  /**
   * @param inUse what other claims hold: a device held whole or by shares consumes its counters
   *     once
   */
  static CounterLedger of(List<Pool> pools, DevicesInUse inUse) {
    Set<DeviceId> consuming = new HashSet<>(inUse.exclusive());
    consuming.addAll(inUse.consumed().keySet());
    Map<String, BigDecimal> available = new HashMap<>();
    for (Pool pool : pools) {
      for (ResourceSlice slice : pool.slices()) {
        List<CounterSet> sets = slice.getSpec().getSharedCounters();
        for (CounterSet set : sets == null ? List.<CounterSet>of() : sets) {
          set.getCounters()
              .forEach((name, counter) ->
                  available.put(
                      key(pool.status().driver(), pool.status().pool(), set.getName(), name),
                      amount(counter)));
        }
      }
    }
    CounterLedger ledger = new CounterLedger(available, Set.copyOf(consuming));
    for (Pool pool : pools) {
      for (Candidate candidate : pool.candidates()) {
        if (consuming.contains(candidate.id())) {
          ledger.consume(candidate, available, BigDecimal.ONE.negate());
        }
      }
    }
    return ledger;
  }

  /**
   * The first counter the candidate cannot have, with {@code chosen} (this claim's devices so far)
   * taken; empty when it fits or consumes no counters. A device that allows multiple allocations
   * and already has a share consumes nothing more.
   */
  Optional<String> shortage(Candidate candidate, List<AttributeConstraint.Choice> chosen) {
    List<DeviceCounterConsumption> wants = consumes(candidate.device());
    if (wants.isEmpty() || (CapacityLedger.shareable(candidate) && hasShare(candidate, chosen))) {
      return Optional.empty();
    }
    Map<String, BigDecimal> left = new HashMap<>(available);
    Set<DeviceId> counted = new HashSet<>();
    chosen.stream()
        .filter(c -> counted.add(c.candidate().id()))
        .forEach(c -> consume(c.candidate(), left, BigDecimal.ONE.negate()));
    for (DeviceCounterConsumption consumption : wants) {
      for (Map.Entry<String, Counter> want : consumption.getCounters().entrySet()) {
        String key =
            key(
                candidate.id().driver(),
                candidate.id().pool(),
                consumption.getCounterSet(),
                want.getKey());
        BigDecimal has = left.get(key);
        if (has == null) {
          return Optional.of(
              "consumes counter "
                  + consumption.getCounterSet()
                  + "/"
                  + want.getKey()
                  + ", which its pool does not publish");
        }
        if (has.compareTo(amount(want.getValue())) < 0) {
          return Optional.of(
              "counter "
                  + consumption.getCounterSet()
                  + "/"
                  + want.getKey()
                  + " has "
                  + has.toPlainString()
                  + " left, it needs "
                  + amount(want.getValue()).toPlainString());
        }
      }
    }
    return Optional.empty();
  }

  /** Other claims or this claim's earlier requests hold a share of the device already. */
  private boolean hasShare(Candidate candidate, List<AttributeConstraint.Choice> chosen) {
    return consuming.contains(candidate.id())
        || chosen.stream().anyMatch(c -> c.candidate().id().equals(candidate.id()));
  }

  private void consume(Candidate candidate, Map<String, BigDecimal> into, BigDecimal sign) {
    for (DeviceCounterConsumption consumption : consumes(candidate.device())) {
      consumption
          .getCounters()
          .forEach((name, counter) -> {
            String key =
                key(
                    candidate.id().driver(),
                    candidate.id().pool(),
                    consumption.getCounterSet(),
                    name);
            into.computeIfPresent(key, (k, v) -> v.add(amount(counter).multiply(sign)));
          });
    }
  }

  private static List<DeviceCounterConsumption> consumes(Device device) {
    return device.getConsumesCounters() == null ? List.of() : device.getConsumesCounters();
  }

  private static BigDecimal amount(Counter counter) {
    Quantity value = counter.getValue();
    return value == null ? BigDecimal.ZERO : value.getNumericalAmount();
  }

  private static String key(String driver, String pool, String set, String counter) {
    return driver + "\u0000" + pool + "\u0000" + set + "\u0000" + counter;
  }
}
