package dev.gpudra.kit.metadata;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceAttribute;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One device of a request in a metadata file.
 *
 * @param driver the DRA driver's name
 * @param pool the pool from the allocation result
 * @param name the device from the allocation result
 * @param attributes as the device's ResourceSlice entry has them (qualified names as keys), sorted
 *     by name as Go writes a map
 */
public record MetadataDevice(
    String driver, String pool, String name, Map<String, DeviceAttribute> attributes) {
  public MetadataDevice {
    Objects.requireNonNull(driver, "driver");
    Objects.requireNonNull(pool, "pool");
    Objects.requireNonNull(name, "name");
    attributes = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(attributes));
  }
}
