package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.CapacityRequestPolicy;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacity;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What one request consumes of each capacity of one device (DRAConsumableCapacity), as the
 * scheduler computes it: an amount the request names is rounded up by the capacity's request policy
 * (the next valid value; or {@code min}, then {@code min + n·step}); a capacity it does not name
 * consumes the policy's {@code default}, else the whole value. A name the device lacks, an amount
 * the policy does not allow (above every valid value or {@code max}), or more than the device has,
 * and the device does not fit the request at all.
 *
 * @param amounts by capacity name as the device publishes it, every capacity of the device
 * @param misfit why the device can never give the request what it asks, if it cannot
 */
record CapacityDemand(Map<String, Quantity> amounts, Optional<String> misfit) {

  CapacityDemand {
    amounts = Map.copyOf(amounts);
    Objects.requireNonNull(misfit, "misfit");
  }

  static CapacityDemand of(RequestSpec spec, Candidate candidate) {
    Map<String, DeviceCapacity> capacities =
        Objects.requireNonNullElse(candidate.device().getCapacity(), Map.of());
    Map<String, Quantity> requested = new LinkedHashMap<>();
    for (Map.Entry<String, Quantity> request : spec.capacity().entrySet()) {
      Optional<String> name = published(request.getKey(), candidate.id().driver(), capacities);
      if (name.isEmpty()) {
        return misfit("has no capacity " + request.getKey());
      }
      if (requested.putIfAbsent(name.get(), request.getValue()) != null) {
        return misfit("request " + spec.name() + " names capacity " + name.get() + " twice");
      }
    }
    Map<String, Quantity> amounts = new LinkedHashMap<>();
    for (Map.Entry<String, DeviceCapacity> capacity : capacities.entrySet()) {
      String name = capacity.getKey();
      DeviceCapacity published = capacity.getValue();
      Quantity amount = consumed(requested.get(name), published);
      Optional<String> wrong = check(name, requested.get(name), amount, published);
      if (wrong.isPresent()) {
        return misfit(wrong.get());
      }
      amounts.put(name, amount);
    }
    return new CapacityDemand(amounts, Optional.empty());
  }

  private static CapacityDemand misfit(String why) {
    return new CapacityDemand(Map.of(), Optional.of(why));
  }

  boolean fits() {
    return misfit.isEmpty();
  }

  BigDecimal amount(String capacity) {
    Quantity q = amounts.get(capacity);
    return q == null ? BigDecimal.ZERO : q.getNumericalAmount();
  }

  /**
   * The device's name for a requested capacity: the same name; or a bare name for the driver's own
   * domain, qualified or not on either side.
   */
  static Optional<String> published(
      String requested, String driver, Map<String, DeviceCapacity> capacities) {
    if (capacities.containsKey(requested)) {
      return Optional.of(requested);
    }
    int slash = requested.indexOf('/');
    String other =
        slash < 0
            ? driver + "/" + requested
            : requested.substring(0, slash).equals(driver) ? requested.substring(slash + 1) : null;
    return other != null && capacities.containsKey(other) ? Optional.of(other) : Optional.empty();
  }

  private static Quantity consumed(Quantity requested, DeviceCapacity capacity) {
    CapacityRequestPolicy policy = capacity.getRequestPolicy();
    if (requested == null) {
      return policy != null && policy.getDefault() != null
          ? policy.getDefault()
          : capacity.getValue();
    }
    return policy == null ? requested : CapacityPolicies.roundUp(requested, policy);
  }

  private static Optional<String> check(
      String name, Quantity requested, Quantity amount, DeviceCapacity capacity) {
    BigDecimal value = amount.getNumericalAmount();
    String asked = requested == null ? "" : " (asked " + requested + ")";
    if (value.signum() < 0) {
      return Optional.of("capacity " + name + ": " + amount + " is negative");
    }
    Optional<String> policy = CapacityPolicies.violation(amount, capacity.getRequestPolicy());
    if (policy.isPresent()) {
      return Optional.of("capacity " + name + ": " + amount + asked + " " + policy.get());
    }
    if (value.compareTo(capacity.getValue().getNumericalAmount()) > 0) {
      return Optional.of(
          "capacity "
              + name
              + ": needs "
              + amount
              + asked
              + ", the device has "
              + capacity.getValue());
    }
    return Optional.empty();
  }
}
