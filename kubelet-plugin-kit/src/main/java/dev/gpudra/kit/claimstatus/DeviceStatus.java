package dev.gpudra.kit.claimstatus;

import dev.gpudra.kit.resourcehealth.DeviceHealth;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What one prepared device reports in its claim's {@code status.devices}.
 *
 * @param pool the pool of the allocation result
 * @param device the device of the allocation result
 * @param shareId the allocation result's {@code shareID}, for a device allocated more than once
 * @param health what the {@code Ready} condition says
 * @param message why, or empty
 * @param data the entry's {@code data}, a JSON object
 */
public record DeviceStatus(
    String pool,
    String device,
    Optional<String> shareId,
    DeviceHealth.Status health,
    String message,
    Map<String, Object> data) {
  public DeviceStatus {
    Objects.requireNonNull(pool, "pool");
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(shareId, "shareId");
    Objects.requireNonNull(health, "health");
    message = message == null ? "" : message;
    data = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(data));
  }

  /** The same device with another health. */
  public DeviceStatus withHealth(DeviceHealth.Status value, String why) {
    return new DeviceStatus(pool, device, shareId, value, why, data);
  }
}
