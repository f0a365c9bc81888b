package dev.gpudra.bench;

/**
 * Prepare latencies of one-device claims while {@code held} other claims stay prepared on the same
 * devices with admin access: the plugin's checkpoint and bookkeeping hold all of them.
 *
 * @param held claims held prepared during the timed prepares
 * @param prepare the timed prepares
 */
public record HeldPrepares(int held, LatencyStats prepare) {
  public HeldPrepares {
    if (held < 1) {
      throw new IllegalArgumentException("held must be at least 1");
    }
  }
}
