package dev.gpudra.migrate.claims;

import dev.gpudra.api.v1beta1.DeviceConfig;
import java.util.Objects;
import java.util.Optional;

/**
 * One request of a claim template.
 *
 * @param name the request's name, a DNS label
 * @param deviceClass its DeviceClass
 * @param count how many devices, at least 1
 * @param selector a CEL selector, if the class alone does not pick the devices
 * @param config the opaque config to apply to the request's devices, if any
 */
public record DeviceRequestPlan(
    String name,
    String deviceClass,
    long count,
    Optional<String> selector,
    Optional<DeviceConfig> config) {

  public DeviceRequestPlan {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(deviceClass, "deviceClass");
    Objects.requireNonNull(selector, "selector");
    Objects.requireNonNull(config, "config");
    if (count < 1) {
      throw new IllegalArgumentException("count must be at least 1, got " + count);
    }
  }
}
