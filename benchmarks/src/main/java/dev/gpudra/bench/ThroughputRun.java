package dev.gpudra.bench;

import java.util.Objects;

/**
 * A throughput run and the CPU time the plugin process used during it.
 *
 * @param cycles prepare+unprepare cycles in the elapsed time
 * @param cpu the plugin's utime + stime over the run
 */
public record ThroughputRun(Throughput cycles, CpuTime cpu) {
  public ThroughputRun {
    Objects.requireNonNull(cycles, "cycles");
    Objects.requireNonNull(cpu, "cpu");
  }

  /** Plugin CPU milliseconds per cycle over several runs; -1 without a cycle. */
  public static double cpuMillisPerCycle(ThroughputRun... runs) {
    long cycles = 0;
    double millis = 0;
    for (ThroughputRun run : runs) {
      cycles += run.cycles().operations();
      millis += run.cpu().millis();
    }
    return cycles == 0 ? -1 : millis / cycles;
  }
}
