package dev.gpudra.allocator;

import java.util.Objects;

/**
 * The device ID used by the scheduler, allocation results and drivers: {@code driver/pool/device}.
 */
public record DeviceId(String driver, String pool, String device) {

  public DeviceId {
    requireNonBlank(driver, "driver");
    requireNonBlank(pool, "pool");
    requireNonBlank(device, "device");
  }

  private static void requireNonBlank(String value, String what) {
    if (Objects.requireNonNull(value, what).isBlank()) {
      throw new IllegalArgumentException(what + " must not be blank");
    }
  }

  @Override
  public String toString() {
    return driver + "/" + pool + "/" + device;
  }
}
