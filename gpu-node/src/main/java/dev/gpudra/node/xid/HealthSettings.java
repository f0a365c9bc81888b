package dev.gpudra.node.xid;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * How the GPU plugin's health monitor judges XIDs. NVML's recovery action decides, as in NVIDIA's
 * plugin after 0.5: none needed is a non-fatal XID, anything else a fatal one. The admin's lists
 * override it; where the driver cannot tell a recovery action (before 565), {@link #fallback()}
 * judges as NVIDIA's 0.5 did.
 *
 * @param ignored {@code --additional-xids-to-ignore}: never fatal, whatever NVML says
 * @param fatal {@code --health-fatal-xids}: always fatal, for good, whatever NVML says (an XID in
 *     both lists is ignored)
 * @param recovery how long a device must stay free of XIDs before a non-fatal XID's taint is
 *     removed; zero keeps such taints until the plugin restarts, as NVIDIA's plugin does
 */
public record HealthSettings(Set<Long> ignored, Set<Long> fatal, Duration recovery) {
  /** Ten minutes: long enough to see a failing GPU fail again, short enough not to lose it. */
  public static final Duration DEFAULT_RECOVERY = Duration.ofMinutes(10);

  public HealthSettings {
    ignored = Set.copyOf(new TreeSet<>(ignored));
    fatal = Set.copyOf(new TreeSet<>(fatal));
    Objects.requireNonNull(recovery, "recovery");
    if (recovery.isNegative()) {
      throw new IllegalArgumentException("recovery period must be >= 0: " + recovery);
    }
  }

  /** The admin's lists, as given (empty lists when unset). */
  public static HealthSettings of(
      Collection<Long> ignored, Collection<Long> fatal, Duration recovery) {
    return new HealthSettings(Set.copyOf(ignored), Set.copyOf(fatal), recovery);
  }

  public static HealthSettings defaults() {
    return new HealthSettings(Set.of(), Set.of(), DEFAULT_RECOVERY);
  }

  /**
   * The rules for a driver that reports no recovery action: NVIDIA's 0.5 ignore list plus {@link
   * #ignored}, and {@link #fatal} or, when unset, {@link XidRules#DEFAULT_FATAL}.
   */
  public XidRules fallback() {
    return XidRules.of(List.copyOf(ignored), fatal.isEmpty() ? XidRules.DEFAULT_FATAL : fatal);
  }
}
