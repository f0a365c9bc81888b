package dev.gpudra.node.xid;

import java.time.Duration;
import java.util.Objects;

/**
 * How the health monitor judges XIDs.
 *
 * @param rules which XIDs are ignored and which fatal
 * @param recovery how long a device must stay free of non-ignored XIDs before a transient XID's
 *     taint is removed; zero keeps every taint until the plugin restarts, as NVIDIA's plugin does
 */
public record HealthSettings(XidRules rules, Duration recovery) {
  /** Ten minutes: long enough to see a failing GPU fail again, short enough not to lose it. */
  public static final Duration DEFAULT_RECOVERY = Duration.ofMinutes(10);

  public HealthSettings {
    Objects.requireNonNull(rules, "rules");
    Objects.requireNonNull(recovery, "recovery");
    if (recovery.isNegative()) {
      throw new IllegalArgumentException("recovery period must be >= 0: " + recovery);
    }
  }

  public static HealthSettings defaults() {
    return new HealthSettings(
        XidRules.of(java.util.List.of(), XidRules.DEFAULT_FATAL), DEFAULT_RECOVERY);
  }
}
