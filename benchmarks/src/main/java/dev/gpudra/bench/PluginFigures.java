package dev.gpudra.bench;

import java.util.List;
import java.util.Objects;

/**
 * What one plugin binary (ours, or the peer) measured in a run.
 *
 * @param coldStart the process's start milestones
 * @param prepare timed prepares over the socket, no other claim prepared
 * @param unprepare the unprepares of the same claims
 * @param sequential cycles from one caller, and the plugin's CPU time
 * @param concurrent cycles from several callers on disjoint devices, and the plugin's CPU time
 * @param idle memory once ready, no claim prepared
 * @param held memory with the memory figure's claims prepared, after a pause
 * @param heldPrepares prepare latencies with claims held, by held count, ascending
 */
public record PluginFigures(
    ColdStart coldStart,
    LatencyStats prepare,
    LatencyStats unprepare,
    ThroughputRun sequential,
    ThroughputRun concurrent,
    MemoryStatus idle,
    MemoryStatus held,
    List<HeldPrepares> heldPrepares) {
  public PluginFigures {
    Objects.requireNonNull(coldStart, "coldStart");
    Objects.requireNonNull(prepare, "prepare");
    Objects.requireNonNull(unprepare, "unprepare");
    Objects.requireNonNull(sequential, "sequential");
    Objects.requireNonNull(concurrent, "concurrent");
    Objects.requireNonNull(idle, "idle");
    Objects.requireNonNull(held, "held");
    heldPrepares = List.copyOf(heldPrepares);
  }

  /** CPU milliseconds of the plugin per prepare+unprepare cycle, over both throughput runs. */
  public double cpuMillisPerCycle() {
    return ThroughputRun.cpuMillisPerCycle(sequential, concurrent);
  }

  /** The prepares timed with {@code held} claims held. */
  public LatencyStats preparesWith(int held) {
    return heldPrepares.stream()
        .filter(h -> h.held() == held)
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no prepares timed with " + held + " held"))
        .prepare();
  }
}
