package dev.gpudra.gpu.health;

import java.time.Instant;
import java.util.Objects;

/**
 * A taint the health monitor put on a device.
 *
 * @param key {@link #XID}, {@link #GPU_LOST} or {@link #UNMONITORED}
 * @param value the XID code for {@link #XID}, else empty
 * @param effect as published
 * @param lift when it goes
 * @param since when the event behind it happened (the recovery period counts from here)
 */
public record HealthTaint(String key, String value, Effect effect, Lift lift, Instant since) {
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

  /** When a taint goes, weakest first: a later event never trades a taint for a weaker one. */
  public enum Lift {
    /** After the recovery period without a further XID (non-fatal XIDs; any, NVML not telling). */
    QUIET_PERIOD,
    /** Once NVML reads recovery action none for its GPU again (a reset, a reboot). */
    RECOVERY_ACTION,
    /** When the plugin restarts (the admin's fatal XIDs, a lost GPU), or the cause goes. */
    RESTART
  }

  public HealthTaint {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(effect, "effect");
    Objects.requireNonNull(lift, "lift");
    Objects.requireNonNull(since, "since");
  }

  static HealthTaint xid(long xid, XidVerdict verdict, Instant now) {
    return new HealthTaint(
        XID,
        Long.toString(xid),
        verdict.blocks() ? Effect.NO_SCHEDULE : Effect.NONE,
        verdict.lift(),
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
