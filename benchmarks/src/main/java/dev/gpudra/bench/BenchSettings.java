package dev.gpudra.bench;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * What {@code bench prepare} runs.
 *
 * @param claims one-device claims timed for latency (each prepared and unprepared once)
 * @param duration how long each throughput run lasts
 * @param callers concurrent kubelet callers in the second throughput run
 * @param heldClaims admin-access claims held prepared while the plugin's memory is read; prepares
 *     are timed with them held too
 * @param manyHeldClaims admin-access claims held prepared for the "flat" figure: prepares timed
 *     with this many held, against prepares with none
 * @param publishRounds fresh pools published to time the slice publisher
 * @param startRounds cold starts per plugin, alternating which binary starts first; the start rows
 *     are their medians (the last start's process is the one measured afterwards)
 */
public record BenchSettings(
    int claims,
    Duration duration,
    int callers,
    int heldClaims,
    int manyHeldClaims,
    int publishRounds,
    int startRounds) {
  static final int MAX_WARMUP = 300;
  static final int MAX_HELD_SAMPLES = 100;

  public BenchSettings {
    Objects.requireNonNull(duration, "duration");
    if (claims < 1
        || callers < 1
        || heldClaims < 1
        || manyHeldClaims < 1
        || publishRounds < 1
        || startRounds < 1) {
      throw new IllegalArgumentException(
          "claims, callers, held claims, publish rounds and start rounds must be at least 1");
    }
    if (duration.isNegative() || duration.isZero()) {
      throw new IllegalArgumentException("the throughput duration must be positive");
    }
  }

  /** Untimed cycles before the latency run, so the child JVM has compiled the prepare path. */
  int warmup() {
    return Math.min(claims, MAX_WARMUP);
  }

  /** How many prepares are timed at each held level. */
  int heldSamples() {
    return Math.min(claims, MAX_HELD_SAMPLES);
  }

  /** The held counts prepares are timed at, ascending: the memory figure's, then the many. */
  public List<Integer> heldLevels() {
    return Stream.of(heldClaims, manyHeldClaims).distinct().sorted().toList();
  }

  /** Admin-access claims the run creates per plugin: enough for the largest held level. */
  int adminClaims() {
    return Math.max(heldClaims, manyHeldClaims);
  }
}
