package dev.gpudra.bench;

import java.time.Duration;
import java.util.Objects;

/**
 * What {@code bench prepare} runs.
 *
 * @param claims one-device claims timed for latency (each prepared and unprepared once)
 * @param duration how long each throughput run lasts
 * @param callers concurrent kubelet callers in the second throughput run
 * @param heldClaims admin-access claims held prepared while the plugin's memory is read
 * @param publishRounds fresh pools published to time the slice publisher
 */
public record BenchSettings(
    int claims, Duration duration, int callers, int heldClaims, int publishRounds) {
  static final int MAX_WARMUP = 300;

  public BenchSettings {
    Objects.requireNonNull(duration, "duration");
    if (claims < 1 || callers < 1 || heldClaims < 1 || publishRounds < 1) {
      throw new IllegalArgumentException(
          "claims, callers, held claims and publish rounds must be at least 1");
    }
    if (duration.isNegative() || duration.isZero()) {
      throw new IllegalArgumentException("the throughput duration must be positive");
    }
  }

  /** Untimed cycles before the latency run, so the child JVM has compiled the prepare path. */
  int warmup() {
    return Math.min(claims, MAX_WARMUP);
  }
}
