package dev.gpudra.bench;

import java.util.Arrays;

/**
 * Percentiles of a set of latency samples, nearest-rank (the smallest sample with at least q of the
 * samples at or below it), so every figure is a latency that was actually observed.
 */
public record LatencyStats(int count, long p50Nanos, long p99Nanos, long maxNanos) {
  public LatencyStats {
    if (count < 1) {
      throw new IllegalArgumentException("no samples");
    }
    if (p50Nanos > p99Nanos || p99Nanos > maxNanos) {
      throw new IllegalArgumentException("percentiles out of order");
    }
  }

  /** Statistics of the samples (nanoseconds); the array is not changed. */
  public static LatencyStats of(long[] samples) {
    if (samples.length == 0) {
      throw new IllegalArgumentException("no samples");
    }
    long[] sorted = samples.clone();
    Arrays.sort(sorted);
    return new LatencyStats(
        sorted.length,
        percentile(sorted, 0.50),
        percentile(sorted, 0.99),
        sorted[sorted.length - 1]);
  }

  static long percentile(long[] sorted, double q) {
    int rank = (int) Math.ceil(q * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }

  public double p50Millis() {
    return p50Nanos / 1e6;
  }

  public double p99Millis() {
    return p99Nanos / 1e6;
  }

  public double maxMillis() {
    return maxNanos / 1e6;
  }
}
