package dev.gpudra.bench.deviceplugin;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What {@code bench device-plugin} runs.
 *
 * @param profile the simulated GPU profile of the plugin
 * @param rounds cold starts timed (the figures are their medians), and bare JVM starts for the
 *     floor
 * @param allocations Allocate calls timed per strategy, one GPU each
 * @param strategies device list strategies ({@code --device-list-strategy}), one plugin run each
 * @param settle how long the plugin is left alone before its memory is read
 */
public record DevicePluginSettings(
    String profile, int rounds, int allocations, List<String> strategies, Duration settle) {
  static final int MAX_WARMUP = 300;

  public DevicePluginSettings {
    Objects.requireNonNull(profile, "profile");
    strategies = List.copyOf(strategies);
    Objects.requireNonNull(settle, "settle");
    if (rounds < 1 || allocations < 1) {
      throw new IllegalArgumentException("rounds and allocations must be at least 1");
    }
    if (strategies.isEmpty() || strategies.stream().anyMatch(String::isBlank)) {
      throw new IllegalArgumentException("at least one device list strategy, none blank");
    }
    if (settle.isNegative()) {
      throw new IllegalArgumentException("the settle time must not be negative");
    }
  }

  /** Untimed calls before the timed ones, so the child JVM has compiled the Allocate path. */
  int warmup() {
    return Math.min(allocations, MAX_WARMUP);
  }
}
