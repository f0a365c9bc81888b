package dev.gpudra.e2e;

import java.util.ArrayList;
import java.util.List;

/**
 * Seconds per phase of a fixture's start or stop, for its log line ({@code control plane 3.9 s,
 * node 1.6 s, ... = 21.3 s}): where a suite's time goes before its first test.
 */
final class PhaseClock {
  private final long start = System.nanoTime();
  private final List<String> laps = new ArrayList<>();
  private long last = start;

  /** Ends the phase called {@code name}, which began at the previous lap (or the start). */
  void lap(String name) {
    long now = System.nanoTime();
    laps.add(name + " " + seconds(now - last));
    last = now;
  }

  private static String seconds(long nanos) {
    return String.format("%.1f s", nanos / 1e9);
  }

  @Override
  public String toString() {
    return String.join(", ", laps) + " = " + seconds(last - start);
  }
}
