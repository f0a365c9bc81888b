package dev.gpudra.kit.plugin;

import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.slices.PublisherSettings;
import java.time.Duration;
import java.util.Objects;

/**
 * What a {@link KubeletPlugin} needs besides its client and driver.
 *
 * @param paths sockets and data dir
 * @param nodeName this node; the pool name of the published slices
 * @param healthPort TCP port of the gRPC health service: 0 picks a free port, negative disables it
 * @param timeouts lock and shutdown timeouts
 * @param slices how ResourceSlices are published
 */
public record PluginConfig(
    PluginPaths paths,
    String nodeName,
    int healthPort,
    Timeouts timeouts,
    PublisherSettings slices) {

  /**
   * @param lock how long a prepare or unprepare waits for {@code pu.lock}
   * @param shutdown how long running calls get to finish on close
   * @param probe deadline of each liveness probe call
   * @param socketCheck how often the sockets' files are checked, and bound again when gone
   * @param prepareRetry how long a call keeps trying claims the driver answered with {@link
   *     PrepareResult#retryLater} (below the kubelet's 45 s deadline, as NVIDIA's 45 s work queue)
   */
  public record Timeouts(
      Duration lock,
      Duration shutdown,
      Duration probe,
      Duration socketCheck,
      Duration prepareRetry) {
    public static final Timeouts DEFAULTS =
        new Timeouts(
            Duration.ofSeconds(10),
            Duration.ofSeconds(5),
            Duration.ofSeconds(2),
            Duration.ofSeconds(1),
            Duration.ofSeconds(30));

    public Timeouts {
      Objects.requireNonNull(lock, "lock");
      Objects.requireNonNull(shutdown, "shutdown");
      Objects.requireNonNull(probe, "probe");
      Objects.requireNonNull(socketCheck, "socketCheck");
      Objects.requireNonNull(prepareRetry, "prepareRetry");
      if (!socketCheck.isPositive()) {
        throw new IllegalArgumentException("socketCheck must be positive, got " + socketCheck);
      }
    }
  }

  public PluginConfig {
    Objects.requireNonNull(paths, "paths");
    Objects.requireNonNull(nodeName, "nodeName");
    Objects.requireNonNull(timeouts, "timeouts");
    Objects.requireNonNull(slices, "slices");
    if (nodeName.isBlank()) {
      throw new IllegalArgumentException("nodeName must not be blank");
    }
  }

  /** Default timeouts and slice publishing. */
  public static PluginConfig of(PluginPaths paths, String nodeName, int healthPort) {
    return new PluginConfig(
        paths, nodeName, healthPort, Timeouts.DEFAULTS, PublisherSettings.defaults());
  }

  public PluginConfig withTimeouts(Timeouts value) {
    return new PluginConfig(paths, nodeName, healthPort, value, slices);
  }

  public PluginConfig withSlices(PublisherSettings value) {
    return new PluginConfig(paths, nodeName, healthPort, timeouts, value);
  }

  public boolean healthEnabled() {
    return healthPort >= 0;
  }
}
