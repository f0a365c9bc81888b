package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceTaint;
import java.util.Objects;
import java.util.Optional;

/**
 * One DeviceTaintRule (KEP-5055) as kube-scheduler applies it: its taint is added to every device
 * its selector matches, as if the driver had published it in the ResourceSlice.
 *
 * @param name the rule's {@code metadata.name}, named in explanations
 * @param selector {@code spec.deviceSelector}; empty matches no device (an empty selector matches
 *     every device)
 * @param taint {@code spec.taint}
 */
public record TaintRule(String name, Optional<Selector> selector, DeviceTaint taint) {
  public TaintRule {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(selector, "selector");
    Objects.requireNonNull(taint, "taint");
  }

  /**
   * {@code spec.deviceSelector}: each field that is set must equal the device's; all unset matches
   * every device. (DeviceClassName and CEL selectors were removed in Kubernetes 1.35.)
   */
  public record Selector(Optional<String> driver, Optional<String> pool, Optional<String> device) {
    public Selector {
      Objects.requireNonNull(driver, "driver");
      Objects.requireNonNull(pool, "pool");
      Objects.requireNonNull(device, "device");
    }

    boolean matches(DeviceId id) {
      return driver.map(id.driver()::equals).orElse(true)
          && pool.map(id.pool()::equals).orElse(true)
          && device.map(id.device()::equals).orElse(true);
    }
  }

  /** Whether the rule taints the device with this ID. */
  public boolean appliesTo(DeviceId id) {
    return selector.map(s -> s.matches(id)).orElse(false);
  }
}
