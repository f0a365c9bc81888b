package dev.gpudra.bench.deviceplugin;

import dev.gpudra.bench.LatencyStats;
import java.util.Objects;

/**
 * The timed Allocate calls of one run.
 *
 * @param plugin the round trips to the plugin process
 * @param floor the same requests to the trivial server in this JVM, each right after the plugin's
 */
public record AllocateLatencies(LatencyStats plugin, LatencyStats floor) {
  public AllocateLatencies {
    Objects.requireNonNull(plugin, "plugin");
    Objects.requireNonNull(floor, "floor");
  }
}
