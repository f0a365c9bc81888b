package dev.gpudra.deviceplugin.server;

import java.time.Duration;

/**
 * When a watcher that looks every {@code period} tries again after failures: at the next look after
 * a success, then 1, 2, 4... periods after each failure, at most {@code max} apart. Owned by one
 * watcher's thread.
 */
final class RetryBackoff {
  private final Duration period;
  private final int maxLooks;
  private int failures;
  private int skip;

  RetryBackoff(Duration period, Duration max) {
    if (period.isZero() || period.isNegative() || max.compareTo(period) < 0) {
      throw new IllegalArgumentException("want 0 < period <= max, got " + period + ", " + max);
    }
    this.period = period;
    this.maxLooks = (int) Math.min(Integer.MAX_VALUE, max.toMillis() / period.toMillis());
  }

  /** Called on every look: whether to try now (false while backing off). */
  boolean due() {
    if (skip > 0) {
      skip--;
      return false;
    }
    return true;
  }

  /** A try failed: backs off, and says how long until the next try. */
  Duration failed() {
    int looks = failures >= 30 ? maxLooks : Math.min(maxLooks, 1 << failures);
    failures++;
    skip = looks - 1;
    return period.multipliedBy(looks);
  }

  /** A try succeeded, or something changed that is worth a try at once. */
  void reset() {
    failures = 0;
    skip = 0;
  }
}
