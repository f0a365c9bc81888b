package dev.gpudra.deviceplugin.health;

import dev.gpudra.node.xid.XidSeverity;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The trouble of each Unhealthy GPU, by UUID; a GPU without trouble is Healthy. Kept by the
 * monitor's thread alone.
 */
final class GpuHealthBook {
  /**
   * Why a GPU is Unhealthy.
   *
   * @param cause e.g. {@code XID 31}
   * @param severity {@link XidSeverity#TRANSIENT} (may recover) or {@link XidSeverity#FATAL}
   * @param since when the last counted event came: the recovery period runs from here
   */
  record Trouble(String cause, XidSeverity severity, Instant since) {
    boolean forGood() {
      return severity == XidSeverity.FATAL;
    }
  }

  /** A GPU Healthy again, and the trouble it had. */
  record Recovered(String gpu, Trouble trouble) {}

  private final Map<String, Trouble> troubles = new TreeMap<>();

  /**
   * Marks a GPU Unhealthy; a trouble for good is never replaced, a transient one is replaced (its
   * recovery period starts over).
   *
   * @return the trouble the GPU had, empty when it was Healthy
   * @throws IllegalArgumentException for an {@link XidSeverity#IGNORED} trouble
   */
  Optional<Trouble> mark(String gpu, Trouble trouble) {
    if (trouble.severity() == XidSeverity.IGNORED) {
      throw new IllegalArgumentException("an ignored event is no trouble: " + trouble);
    }
    Trouble held = troubles.get(gpu);
    if (held == null || !held.forGood()) {
      troubles.put(gpu, trouble);
    }
    return Optional.ofNullable(held);
  }

  /**
   * Makes Healthy the GPUs whose transient trouble is at least {@code period} old; a zero period
   * recovers nothing.
   */
  List<Recovered> recover(Instant now, Duration period) {
    List<Recovered> recovered = new ArrayList<>();
    if (period.isZero()) {
      return recovered;
    }
    troubles.forEach((gpu, trouble) -> {
      if (!trouble.forGood() && !trouble.since().plus(period).isAfter(now)) {
        recovered.add(new Recovered(gpu, trouble));
      }
    });
    recovered.forEach(r -> troubles.remove(r.gpu()));
    return recovered;
  }

  /** When the next GPU recovers if nothing else happens; empty when none will. */
  Optional<Instant> nextRecovery(Duration period) {
    if (period.isZero()) {
      return Optional.empty();
    }
    return troubles.values().stream()
        .filter(t -> !t.forGood())
        .map(t -> t.since().plus(period))
        .min(Instant::compareTo);
  }

  HealthSnapshot snapshot() {
    return new HealthSnapshot(troubles.keySet());
  }
}
