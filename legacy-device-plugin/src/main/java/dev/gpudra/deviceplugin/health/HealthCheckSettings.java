package dev.gpudra.deviceplugin.health;

import dev.gpudra.node.xid.HealthSettings;
import dev.gpudra.node.xid.XidRules;
import dev.gpudra.node.xid.XidSeverity;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Which XIDs make a GPU Unhealthy, from NVIDIA's env variables, and for how long.
 *
 * @param scope which XIDs are looked at at all
 * @param ignored XIDs that leave a GPU Healthy: NVIDIA's application errors plus {@code
 *     DP_DISABLE_HEALTHCHECKS}'s list
 * @param forced {@code DP_ENABLE_HEALTHCHECKS}'s list: counted even when ignored or disabled
 * @param fatal counted XIDs a GPU never recovers from (a reset or more is needed)
 * @param recovery how long a GPU Unhealthy from a transient XID must stay clean to be Healthy
 *     again; zero keeps it Unhealthy until the plugin restarts, as NVIDIA's plugin does
 */
public record HealthCheckSettings(
    Scope scope, Set<Long> ignored, Set<Long> forced, Set<Long> fatal, Duration recovery) {
  public static final String DISABLE_VARIABLE = "DP_DISABLE_HEALTHCHECKS";
  public static final String ENABLE_VARIABLE = "DP_ENABLE_HEALTHCHECKS";

  /** As the DRA plugin's: long enough to see a failing GPU fail again. */
  public static final Duration DEFAULT_RECOVERY = HealthSettings.DEFAULT_RECOVERY;

  private static final Pattern XID = Pattern.compile("[0-9]{1,18}");

  /** Which XIDs are looked at. */
  public enum Scope {
    /** The default: every XID but the ignored ones that are not forced. */
    UNLESS_IGNORED,
    /** {@code DP_DISABLE_HEALTHCHECKS=all}: the forced XIDs only; none forced, no checks. */
    FORCED_ONLY,
    /** {@code DP_ENABLE_HEALTHCHECKS=all}: every XID, NVIDIA's application errors too. */
    EVERY_XID
  }

  public HealthCheckSettings {
    Objects.requireNonNull(scope, "scope");
    ignored = Set.copyOf(new TreeSet<>(ignored));
    forced = Set.copyOf(new TreeSet<>(forced));
    fatal = Set.copyOf(new TreeSet<>(fatal));
    Objects.requireNonNull(recovery, "recovery");
    if (recovery.isNegative()) {
      throw new IllegalArgumentException("recovery period must be >= 0: " + recovery);
    }
  }

  /** No env variable set: NVIDIA's ignore list, the DRA plugin's fatal XIDs, 10 min recovery. */
  public static HealthCheckSettings defaults() {
    return parse(null, null);
  }

  /**
   * Reads the two variables' values as NVIDIA's plugin does: comma lists, case and blanks around
   * items ignored, empty items skipped; {@code all} or {@code xids} anywhere in a list means every
   * XID. Unset ({@code null}) or empty is no list.
   *
   * @param disable {@code DP_DISABLE_HEALTHCHECKS}: more XIDs to ignore, or all
   * @param enable {@code DP_ENABLE_HEALTHCHECKS}: XIDs counted even when ignored, or all
   * @throws InvalidHealthCheckSettingException naming the variable and the item that is no XID
   */
  public static HealthCheckSettings parse(String disable, String enable) {
    XidList disabled = XidList.parse(DISABLE_VARIABLE, disable);
    XidList enabled = XidList.parse(ENABLE_VARIABLE, enable);
    Scope scope =
        enabled.all() ? Scope.EVERY_XID : disabled.all() ? Scope.FORCED_ONLY : Scope.UNLESS_IGNORED;
    Set<Long> ignored = new TreeSet<>(XidRules.NVIDIA_IGNORED);
    ignored.addAll(disabled.xids());
    return new HealthCheckSettings(
        scope, ignored, enabled.xids(), XidRules.DEFAULT_FATAL, DEFAULT_RECOVERY);
  }

  public HealthCheckSettings withRecovery(Duration period) {
    return new HealthCheckSettings(scope, ignored, forced, fatal, period);
  }

  /** Health checks are off: no XID can count, so NVML is not watched at all. */
  public boolean disabled() {
    return scope == Scope.FORCED_ONLY && forced.isEmpty();
  }

  /** What an XID does to its GPU: nothing (ignored), Unhealthy for a while, or for good. */
  public XidSeverity classify(long xid) {
    boolean counted =
        switch (scope) {
          case EVERY_XID -> true;
          case FORCED_ONLY -> forced.contains(xid);
          case UNLESS_IGNORED -> forced.contains(xid) || !ignored.contains(xid);
        };
    if (!counted) {
      return XidSeverity.IGNORED;
    }
    return fatal.contains(xid) ? XidSeverity.FATAL : XidSeverity.TRANSIENT;
  }

  /** One variable's value: every XID, or these. */
  private record XidList(boolean all, Set<Long> xids) {
    static XidList parse(String variable, String value) {
      Set<Long> xids = new TreeSet<>();
      if (value == null) {
        return new XidList(false, xids);
      }
      boolean all = false;
      for (String part : value.split(",", -1)) {
        String item = part.strip().toLowerCase(Locale.ROOT);
        if (item.equals("all") || item.equals("xids")) {
          all = true;
        } else if (XID.matcher(item).matches()) {
          xids.add(Long.parseLong(item));
        } else if (!item.isEmpty()) {
          throw new InvalidHealthCheckSettingException(variable, part.strip());
        }
      }
      return new XidList(all, xids);
    }
  }
}
