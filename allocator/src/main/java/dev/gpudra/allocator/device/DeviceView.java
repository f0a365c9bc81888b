package dev.gpudra.allocator.device;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacity;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a DRA CEL selector can read about one device.
 *
 * @param driver the driver that published the device; unqualified names belong to its domain. May
 *     be empty, as in Kubernetes' own CEL tests: unqualified names then belong to the empty domain
 * @param attributes attribute values by name as published ({@code type} or {@code
 *     resource.kubernetes.io/pcieRoot})
 * @param capacity capacity values by name as published
 * @param allowMultipleAllocations the device's DRAConsumableCapacity flag ({@code false} when
 *     unset)
 */
public record DeviceView(
    String driver,
    Map<String, AttributeValue> attributes,
    Map<String, Quantity> capacity,
    boolean allowMultipleAllocations) {

  public DeviceView {
    Objects.requireNonNull(driver, "driver");
    attributes = Map.copyOf(attributes);
    capacity = Map.copyOf(capacity);
  }

  /** A device without consumable capacity. */
  public DeviceView(
      String driver, Map<String, AttributeValue> attributes, Map<String, Quantity> capacity) {
    this(driver, attributes, capacity, false);
  }

  /**
   * The view of a ResourceSlice device published by {@code driver}.
   *
   * @throws IllegalArgumentException when an attribute is not exactly one scalar or a capacity has
   *     no value
   */
  public static DeviceView of(String driver, Device device) {
    Map<String, AttributeValue> attributes = new LinkedHashMap<>();
    Map<String, DeviceAttribute> published =
        Objects.requireNonNullElse(device.getAttributes(), Map.of());
    published.forEach((name, value) -> attributes.put(name, attribute(name, value)));
    Map<String, Quantity> capacity = new LinkedHashMap<>();
    Map<String, DeviceCapacity> capacities =
        Objects.requireNonNullElse(device.getCapacity(), Map.of());
    capacities.forEach((name, value) -> capacity.put(name, capacity(name, value)));
    return new DeviceView(
        driver, attributes, capacity, Boolean.TRUE.equals(device.getAllowMultipleAllocations()));
  }

  private static AttributeValue attribute(String name, DeviceAttribute value) {
    try {
      return AttributeValue.of(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("attribute " + name + ": " + e.getMessage(), e);
    }
  }

  private static Quantity capacity(String name, DeviceCapacity value) {
    if (value == null || value.getValue() == null) {
      throw new IllegalArgumentException("capacity " + name + ": value is required");
    }
    return value.getValue();
  }
}
