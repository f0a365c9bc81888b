package dev.gpudra.bench.deviceplugin;

import java.util.List;
import java.util.Objects;

/**
 * A plugin start as the device manager saw it, in nanoseconds from the spawn of the process.
 *
 * @param resource the resource name the plugin registered
 * @param registeredNanos its Register call arrived
 * @param firstListNanos its first ListAndWatch response arrived (after the Register, which the
 *     device manager answers only once it has dialled the plugin back and opened the stream)
 * @param devices the device IDs in that first list
 * @param healthy how many of them were Healthy
 */
public record PluginStart(
    String resource, long registeredNanos, long firstListNanos, List<String> devices, int healthy) {
  public PluginStart {
    Objects.requireNonNull(resource, "resource");
    devices = List.copyOf(devices);
    if (registeredNanos <= 0 || firstListNanos < registeredNanos) {
      throw new IllegalArgumentException("start milestones out of order");
    }
    if (healthy < 0 || healthy > devices.size()) {
      throw new IllegalArgumentException("healthy devices out of range");
    }
  }
}
