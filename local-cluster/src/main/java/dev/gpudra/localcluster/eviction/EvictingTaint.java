package dev.gpudra.localcluster.eviction;

import dev.gpudra.allocator.Tolerations;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceTaint;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@code NoExecute} taint on an allocated device, and where it comes from.
 *
 * @param taint the taint
 * @param ruleUid the UID of the DeviceTaintRule that adds it; empty for a taint its ResourceSlice
 *     publishes
 * @param ruleName that rule's name
 */
record EvictingTaint(DeviceTaint taint, Optional<String> ruleUid, Optional<String> ruleName) {
  EvictingTaint {
    Objects.requireNonNull(taint, "taint");
    Objects.requireNonNull(ruleUid, "ruleUid");
    Objects.requireNonNull(ruleName, "ruleName");
  }

  static EvictingTaint published(DeviceTaint taint) {
    return new EvictingTaint(taint, Optional.empty(), Optional.empty());
  }

  static EvictingTaint of(RuleView rule) {
    return new EvictingTaint(
        rule.rule().taint(), Optional.of(rule.uid()), Optional.of(rule.rule().name()));
  }

  /** {@code gpu.nvidia.com/drain=maintenance:NoExecute from DeviceTaintRule drain-gpu-6}. */
  String describe() {
    return Tolerations.describe(taint) + ruleName.map(r -> " from DeviceTaintRule " + r).orElse("");
  }
}
