package dev.gpudra.kit.claimstatus;

import dev.gpudra.kit.PreparedDevice;
import java.util.Map;

/** What a driver says about a device it prepared, for the entry's {@code data}. */
@FunctionalInterface
public interface DeviceStatusSource {
  /**
   * @return a JSON object (nested maps, lists, strings, numbers, booleans)
   * @throws RuntimeException when the device is not prepared for the claim
   */
  Map<String, Object> data(String claimUid, PreparedDevice device);
}
