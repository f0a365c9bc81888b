package dev.gpudra.kit.resourcehealth;

import java.util.List;
import java.util.function.Consumer;

/**
 * Where a driver publishes the health of all its devices. A listener gets the current list at once
 * and then every list published, each complete; it is called from the driver's thread and must not
 * block for long.
 */
public interface HealthFeed {

  /**
   * @return closes the subscription
   */
  AutoCloseable subscribe(Consumer<List<DeviceHealth>> listener);
}
