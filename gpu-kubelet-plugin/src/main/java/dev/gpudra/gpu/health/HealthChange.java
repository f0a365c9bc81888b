package dev.gpudra.gpu.health;

import java.util.Objects;

/**
 * A taint that appeared on a device, or went away from it.
 *
 * @param device the device name
 * @param kind what happened
 * @param taint the taint added, or the one removed
 * @param cause the event behind it, e.g. {@code XID 79 (fatal)}
 */
public record HealthChange(String device, Kind kind, HealthTaint taint, String cause) {
  public enum Kind {
    TAINTED,
    RECOVERED
  }

  public HealthChange {
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(taint, "taint");
    Objects.requireNonNull(cause, "cause");
  }
}
