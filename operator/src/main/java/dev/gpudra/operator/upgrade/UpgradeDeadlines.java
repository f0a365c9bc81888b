package dev.gpudra.operator.upgrade;

import java.time.Duration;

/**
 * gpu-dra's deadlines for the states NVIDIA waits in forever, and the back-off of a failed node's
 * retries.
 *
 * @param podRestart how long a new driver pod may take to be ready
 * @param validation how long the validator and the GPU plugin may take (NVIDIA's 600 s)
 * @param retry the first wait before a failed node tries again; doubled after each failure
 * @param maxRetry the longest wait between attempts
 */
public record UpgradeDeadlines(
    Duration podRestart, Duration validation, Duration retry, Duration maxRetry) {
  /** The defaults: 10 minutes each, retries after 1, 2, 4 ... minutes up to 30. */
  public static final UpgradeDeadlines DEFAULT =
      new UpgradeDeadlines(
          Duration.ofMinutes(10),
          Duration.ofMinutes(10),
          Duration.ofMinutes(1),
          Duration.ofMinutes(30));

  public UpgradeDeadlines {
    for (Duration d : new Duration[] {podRestart, validation, retry, maxRetry}) {
      if (d.isNegative() || d.isZero()) {
        throw new IllegalArgumentException("driver upgrade deadlines must be positive: " + d);
      }
    }
  }

  /** The wait before the next attempt after {@code failures} failures in a row. */
  public Duration backOff(int failures) {
    int doublings = Math.max(0, Math.min(failures - 1, 20));
    Duration wait = retry.multipliedBy(1L << doublings);
    return wait.compareTo(maxRetry) > 0 ? maxRetry : wait;
  }
}
