package dev.gpudra.gpu.config;

import dev.gpudra.api.v1beta1.DeviceConfig;
import java.util.List;
import java.util.Objects;

/**
 * Devices of one claim that share the same winning config, which is normalized and valid.
 *
 * @param config the normalized config
 * @param devices in allocation-result order, never empty
 */
public record ConfigGroup(DeviceConfig config, List<AllocatedDevice> devices) {
  public ConfigGroup {
    Objects.requireNonNull(config, "config");
    devices = List.copyOf(devices);
    if (devices.isEmpty()) {
      throw new IllegalArgumentException("a config group has at least one device");
    }
  }
}
