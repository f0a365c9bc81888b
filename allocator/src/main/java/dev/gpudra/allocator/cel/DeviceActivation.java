package dev.gpudra.allocator.cel;

import dev.gpudra.allocator.cel.library.EmptyDefaultMap;
import dev.gpudra.allocator.cel.library.KubeQuantity;
import dev.gpudra.allocator.cel.library.Semver;
import dev.gpudra.allocator.device.AttributeValue;
import dev.gpudra.allocator.device.DeviceView;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Turns a {@link DeviceView} into the value of the {@code device} variable: qualified names are
 * split at the first {@code /}, unqualified ones go under the driver's domain, and values become
 * CEL values (versions to {@link Semver}, capacities to {@link KubeQuantity}).
 */
final class DeviceActivation {
  // The scheduler evaluates every selector of a class and a request against one device in a
  // row: the last device's converted value is reused (views are immutable, compared by identity).
  private record Last(DeviceView device, Map<String, Object> variables) {}

  private volatile Last last;

  /** The variables of one evaluation. */
  Map<String, Object> variables(DeviceView device) {
    Last cached = last;
    if (cached != null && cached.device() == device) {
      return cached.variables();
    }
    Map<String, Object> variables = convert(device);
    last = new Last(device, variables);
    return variables;
  }

  private static Map<String, Object> convert(DeviceView device) {
    Map<String, Object> value = new HashMap<>();
    value.put(DeviceType.DRIVER, device.driver());
    value.put(
        DeviceType.ATTRIBUTES,
        byDomain(device.driver(), device.attributes(), DeviceActivation::attribute));
    value.put(
        DeviceType.CAPACITY,
        byDomain(device.driver(), device.capacity(), DeviceActivation::capacity));
    value.put(DeviceType.ALLOW_MULTIPLE_ALLOCATIONS, device.allowMultipleAllocations());
    return Map.of(DeviceType.VARIABLE, value);
  }

  private static <V> EmptyDefaultMap<Object> byDomain(
      String driver, Map<String, V> values, Function<V, Object> convert) {
    Map<String, Map<String, Object>> domains = new HashMap<>();
    values.forEach((name, v) -> {
      int slash = name.indexOf('/');
      String domain = slash < 0 ? driver : name.substring(0, slash);
      String id = slash < 0 ? name : name.substring(slash + 1);
      domains.computeIfAbsent(domain, d -> new HashMap<>()).put(id, convert.apply(v));
    });
    Map<String, Map<String, Object>> frozen = new HashMap<>();
    domains.forEach((domain, ids) -> frozen.put(domain, Map.copyOf(ids)));
    return new EmptyDefaultMap<>(frozen);
  }

  private static Object attribute(AttributeValue value) {
    return switch (value) {
      case AttributeValue.IntValue i -> i.value();
      case AttributeValue.BoolValue b -> b.value();
      case AttributeValue.StringValue s -> s.value();
      case AttributeValue.VersionValue v ->
          Semver.parse(v.value())
              .orElseThrow(
                  () -> new InvalidDeviceException("version is not semver 2.0.0: " + v.value()));
    };
  }

  private static Object capacity(Quantity quantity) {
    String text = quantity.toString();
    return KubeQuantity.parse(text)
        .orElseThrow(() -> new InvalidDeviceException("capacity is not a quantity: " + text));
  }

  /** A device value that the selector environment cannot represent. */
  static final class InvalidDeviceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InvalidDeviceException(String message) {
      super(message);
    }
  }
}
