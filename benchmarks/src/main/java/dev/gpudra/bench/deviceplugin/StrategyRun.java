package dev.gpudra.bench.deviceplugin;

import dev.gpudra.bench.MemoryStatus;
import java.util.Objects;

/**
 * One plugin process under one device list strategy.
 *
 * @param strategy its {@code --device-list-strategy}
 * @param start its start, as the device manager saw it
 * @param idle its memory once registered and left alone
 * @param latencies the timed Allocate calls and their floor
 * @param afterAllocations its memory after the warm-up and timed calls, left alone again
 */
public record StrategyRun(
    String strategy,
    PluginStart start,
    MemoryStatus idle,
    AllocateLatencies latencies,
    MemoryStatus afterAllocations) {
  public StrategyRun {
    Objects.requireNonNull(strategy, "strategy");
    Objects.requireNonNull(start, "start");
    Objects.requireNonNull(idle, "idle");
    Objects.requireNonNull(latencies, "latencies");
    Objects.requireNonNull(afterAllocations, "afterAllocations");
  }
}
