package dev.gpudra.bench.deviceplugin;

import dev.gpudra.bench.LatencyStats;
import dev.gpudra.bench.Machine;
import java.util.List;
import java.util.Objects;
import java.util.function.ToLongFunction;

/**
 * The figures of one {@code bench device-plugin} run, each with the floor measured in the same run.
 *
 * @param run what ran where
 * @param starts the timed cold starts, in order
 * @param jvmFloorNanos the floor of a cold start: {@code gpu-dra --version} with the same JVM
 *     options and classpath, spawn to exit (median over as many runs as starts)
 * @param strategies one plugin run per device list strategy
 */
public record DevicePluginReport(
    RunInfo run, List<PluginStart> starts, long jvmFloorNanos, List<StrategyRun> strategies) {

  /** NVIDIA's Go plugin's resident memory as issue 13 quotes it; not measured here. */
  public static final double NVIDIA_RSS_MIB = 25;

  /**
   * @param command the command line that reproduces the run
   * @param childOptions the plugin JVM's options
   */
  public record RunInfo(
      String command, DevicePluginSettings settings, Machine machine, List<String> childOptions) {
    public RunInfo {
      Objects.requireNonNull(command, "command");
      Objects.requireNonNull(settings, "settings");
      Objects.requireNonNull(machine, "machine");
      childOptions = List.copyOf(childOptions);
    }
  }

  public DevicePluginReport {
    Objects.requireNonNull(run, "run");
    starts = List.copyOf(starts);
    strategies = List.copyOf(strategies);
    if (starts.isEmpty() || strategies.isEmpty()) {
      throw new IllegalArgumentException("no starts or no strategy runs");
    }
  }

  /** The median over the starts of start to Register received. */
  public long registeredNanos() {
    return median(PluginStart::registeredNanos);
  }

  /** The median over the starts of start to the first ListAndWatch response. */
  public long firstListNanos() {
    return median(PluginStart::firstListNanos);
  }

  private long median(ToLongFunction<PluginStart> milestone) {
    return LatencyStats.of(starts.stream().mapToLong(milestone).toArray()).p50Nanos();
  }
}
