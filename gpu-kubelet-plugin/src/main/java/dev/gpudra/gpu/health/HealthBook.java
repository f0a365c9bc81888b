package dev.gpudra.gpu.health;

import dev.gpudra.kit.resourcehealth.DeviceHealth;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceTaint;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceTaintBuilder;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The health taints of every device of this node, as events arrive; thread-safe. The slices, the
 * kubelet's health stream and the metrics all read it.
 */
public final class HealthBook {
  private final Map<String, Map<String, HealthTaint>> taints = new HashMap<>();

  /**
   * Records an XID on a device.
   *
   * @return the change when the device's visible taint changed
   */
  synchronized Optional<HealthChange> xid(
      String device, long xid, XidVerdict verdict, Instant now) {
    Map<String, HealthTaint> held = taints.computeIfAbsent(device, d -> new TreeMap<>());
    HealthTaint current = held.get(HealthTaint.XID);
    HealthTaint next = HealthTaint.xid(xid, verdict, now);
    if (current != null && weaker(next, current)) {
      return Optional.empty();
    }
    held.put(HealthTaint.XID, next);
    String severity = verdict.severity().name().toLowerCase(Locale.ROOT).replace('_', '-');
    String cause = "XID " + xid + " (" + severity + ": " + verdict.reason() + ")";
    return next.sameAs(current)
        ? Optional.empty() // the same taint again: only its recovery clock starts over
        : Optional.of(new HealthChange(device, HealthChange.Kind.TAINTED, next, cause));
  }

  /**
   * A later event never weakens a taint: NoSchedule beats None, and a taint that waits for a
   * restart or for NVML beats one that waits for a quiet period.
   */
  private static boolean weaker(HealthTaint next, HealthTaint current) {
    boolean lessEffect =
        next.effect() == HealthTaint.Effect.NONE
            && current.effect() == HealthTaint.Effect.NO_SCHEDULE;
    return lessEffect || next.lift().compareTo(current.lift()) < 0;
  }

  /** The device's GPU is lost: {@code gpu-lost}, NoSchedule, for good. */
  public synchronized Optional<HealthChange> lost(String device, Instant now) {
    return permanent(
        device,
        new HealthTaint(
            HealthTaint.GPU_LOST,
            "",
            HealthTaint.Effect.NO_SCHEDULE,
            HealthTaint.Lift.RESTART,
            now),
        "GPU lost");
  }

  /** NVML will not report the device's events: {@code unmonitored}, None. */
  public synchronized Optional<HealthChange> unmonitored(String device, Instant now) {
    return permanent(
        device,
        new HealthTaint(
            HealthTaint.UNMONITORED, "", HealthTaint.Effect.NONE, HealthTaint.Lift.RESTART, now),
        "NVML refused to report its events");
  }

  /** NVML watches the device again: its {@code unmonitored} taint goes. */
  public synchronized Optional<HealthChange> monitored(String device) {
    Map<String, HealthTaint> held = taints.get(device);
    HealthTaint removed = held == null ? null : held.remove(HealthTaint.UNMONITORED);
    return removed == null
        ? Optional.empty()
        : Optional.of(
            new HealthChange(
                device, HealthChange.Kind.RECOVERED, removed, "NVML reports its events again"));
  }

  private Optional<HealthChange> permanent(String device, HealthTaint taint, String cause) {
    Map<String, HealthTaint> held = taints.computeIfAbsent(device, d -> new TreeMap<>());
    if (held.putIfAbsent(taint.key(), taint) != null) {
      return Optional.empty();
    }
    return Optional.of(new HealthChange(device, HealthChange.Kind.TAINTED, taint, cause));
  }

  /**
   * Removes the XID taints that wait for a quiet period and whose last event is at least {@code
   * period} old; a zero period recovers nothing.
   */
  public synchronized List<HealthChange> recover(Instant now, Duration period) {
    List<HealthChange> recovered = new ArrayList<>();
    if (period.isZero()) {
      return recovered;
    }
    taints.forEach((device, held) -> {
      HealthTaint xid = held.get(HealthTaint.XID);
      if (xid != null
          && xid.lift() == HealthTaint.Lift.QUIET_PERIOD
          && !xid.since().plus(period).isAfter(now)) {
        held.remove(HealthTaint.XID);
        recovered.add(
            new HealthChange(
                device,
                HealthChange.Kind.RECOVERED,
                xid,
                "no further XID for " + period.toSeconds() + " s after XID " + xid.value()));
      }
    });
    recovered.sort((a, b) -> a.device().compareTo(b.device()));
    return recovered;
  }

  /** The devices whose XID taint goes once NVML reads recovery action none again. */
  public synchronized Set<String> awaitingRecovery() {
    Set<String> devices = new TreeSet<>();
    taints.forEach((device, held) -> {
      HealthTaint xid = held.get(HealthTaint.XID);
      if (xid != null && xid.lift() == HealthTaint.Lift.RECOVERY_ACTION) {
        devices.add(device);
      }
    });
    return devices;
  }

  /** NVML reads recovery action none for the device's GPU: its waiting XID taint goes. */
  public synchronized Optional<HealthChange> recoveredByNvml(String device) {
    Map<String, HealthTaint> held = taints.get(device);
    HealthTaint xid = held == null ? null : held.get(HealthTaint.XID);
    if (xid == null || xid.lift() != HealthTaint.Lift.RECOVERY_ACTION) {
      return Optional.empty();
    }
    held.remove(HealthTaint.XID);
    return Optional.of(
        new HealthChange(
            device,
            HealthChange.Kind.RECOVERED,
            xid,
            "NVML recovery action NONE again after XID " + xid.value()));
  }

  /** The device's taints as a ResourceSlice carries them (no {@code timeAdded}: the server's). */
  public synchronized List<DeviceTaint> taints(String device) {
    return held(device).values().stream()
        .map(t ->
            new DeviceTaintBuilder()
                .withKey(t.key())
                .withValue(t.value().isEmpty() ? null : t.value())
                .withEffect(t.effect().value())
                .build())
        .toList();
  }

  /** Every taint of every device, by device name. */
  public synchronized Map<String, List<HealthTaint>> all() {
    Map<String, List<HealthTaint>> all = new TreeMap<>();
    taints.forEach((device, held) -> {
      if (!held.isEmpty()) {
        all.put(device, List.copyOf(held.values()));
      }
    });
    return all;
  }

  /**
   * The device's health as NVIDIA's plugin derives it from the taints: a lost GPU or a NoSchedule
   * XID is Unhealthy, an unmonitored device Unknown, an ignored XID or nothing Healthy.
   */
  public synchronized DeviceHealth health(String device) {
    Map<String, HealthTaint> held = held(device);
    HealthTaint xid = held.get(HealthTaint.XID);
    if (held.containsKey(HealthTaint.GPU_LOST)) {
      return new DeviceHealth(device, DeviceHealth.Status.UNHEALTHY, "GPU is lost");
    }
    if (xid != null && xid.effect() == HealthTaint.Effect.NO_SCHEDULE) {
      return new DeviceHealth(
          device,
          DeviceHealth.Status.UNHEALTHY,
          "critical XID " + xid.value() + " reported by NVML");
    }
    if (held.containsKey(HealthTaint.UNMONITORED)) {
      return new DeviceHealth(
          device, DeviceHealth.Status.UNKNOWN, "device health is not monitored");
    }
    if (xid != null) {
      return new DeviceHealth(
          device,
          DeviceHealth.Status.HEALTHY,
          "non-fatal XID " + xid.value() + " reported by NVML");
    }
    return new DeviceHealth(device, DeviceHealth.Status.HEALTHY, "");
  }

  private Map<String, HealthTaint> held(String device) {
    return taints.getOrDefault(device, Map.of());
  }
}
