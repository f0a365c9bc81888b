package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceTaint;
import java.util.Objects;
import java.util.Optional;

/**
 * A taint a device has, and where it comes from.
 *
 * @param taint the taint
 * @param rule the DeviceTaintRule that adds it; empty for a taint published in the ResourceSlice
 */
record AppliedTaint(DeviceTaint taint, Optional<String> rule) {
  AppliedTaint {
    Objects.requireNonNull(taint, "taint");
    Objects.requireNonNull(rule, "rule");
  }

  /** {@code gpu.nvidia.com/xid=79:NoSchedule}, then {@code from DeviceTaintRule <name>} if any. */
  String describe() {
    return Tolerations.describe(taint) + rule.map(r -> " from DeviceTaintRule " + r).orElse("");
  }
}
