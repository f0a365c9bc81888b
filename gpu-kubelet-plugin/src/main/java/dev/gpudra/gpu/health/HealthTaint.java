package dev.gpudra.gpu.health;

import dev.gpudra.node.xid.XidSeverity;
import java.time.Instant;
import java.util.Objects;

/**
 * A taint the health monitor put on a device.
 *
 * @param key {@link #XID}, {@link #GPU_LOST} or {@link #UNMONITORED}
 * @param value the XID code for {@link #XID}, else empty
 * @param effect as published
 * @param permanent stays until the plugin restarts (fatal XID, lost GPU, unmonitored)
 * @param since when the event behind it happened (the recovery period counts from here)
 */
public record HealthTaint(
    String key, String value, Effect effect, boolean permanent, Instant since) {
  public static final String XID = "gpu.nvidia.com/xid";
  public static final String GPU_LOST = "gpu.nvidia.com/gpu-lost";
  public static final String UNMONITORED = "gpu.nvidia.com/unmonitored";

  /** The two effects NVIDIA's plugin uses: it never evicts ({@code NoExecute}). */
  public enum Effect {
    NONE("None"),
    NO_SCHEDULE("NoSchedule");

    private final String value;

    Effect(String value) {
      this.value = value;
    }

    /** The {@code effect} field's value. */
    public String value() {
      return value;
    }
  }

  public HealthTaint {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(effect, "effect");
    Objects.requireNonNull(since, "since");
  }

  static HealthTaint xid(long xid, XidSeverity severity, Instant now) {
    return new HealthTaint(
        XID,
        Long.toString(xid),
        severity == XidSeverity.IGNORED ? Effect.NONE : Effect.NO_SCHEDULE,
        severity == XidSeverity.FATAL,
        now);
  }

  /** Whether it shows the same in a slice (key, value, effect). */
  boolean sameAs(HealthTaint other) {
    return other != null
        && key.equals(other.key)
        && value.equals(other.value)
        && effect == other.effect;
  }

  /** {@code gpu.nvidia.com/xid=79:NoSchedule}. */
  @Override
  public String toString() {
    return key + (value.isEmpty() ? "" : "=" + value) + ":" + effect.value();
  }
}
