package dev.gpudra.kit.resourcehealth;

import java.util.Objects;

/**
 * The health of one device of this node's pool, as the kubelet is told it.
 *
 * @param device the device name in the ResourceSlice
 * @param status what the kubelet shows
 * @param message why, or empty (at most 1024 characters reach the kubelet)
 */
public record DeviceHealth(String device, Status status, String message) {
  /** The kubelet's three values. */
  public enum Status {
    HEALTHY,
    UNHEALTHY,
    UNKNOWN
  }

  public DeviceHealth {
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(status, "status");
    message = message == null ? "" : message;
  }
}
