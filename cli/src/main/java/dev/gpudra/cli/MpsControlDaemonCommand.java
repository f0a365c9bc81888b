package dev.gpudra.cli;

import dev.gpudra.node.mps.ControlDaemon;
import dev.gpudra.node.mps.ControlDaemonSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gpu-dra mps-control-daemon}: what the GPU plugin's MPS daemon Deployments run, one per
 * claim group shared through MPS.
 */
@Command(
    name = "mps-control-daemon",
    mixinStandardHelpOptions = true,
    description =
        "Run the driver root's MPS control daemon with a claim's settings until SIGTERM (the GPU"
            + " kubelet plugin's MPS Deployments run this).")
final class MpsControlDaemonCommand implements Callable<Integer> {
  @Mixin(name = LoggingOptions.MIXIN)
  LoggingOptions logging = new LoggingOptions();

  @Option(names = "--driver-root", defaultValue = "/driver-root", description = "The driver root.")
  Path driverRoot;

  @Option(
      names = "--pipe-dir",
      defaultValue = "/tmp/nvidia-mps",
      description = "CUDA_MPS_PIPE_DIRECTORY.")
  Path pipeDir;

  @Option(
      names = "--log-dir",
      defaultValue = "/var/log/nvidia-mps",
      description = "CUDA_MPS_LOG_DIRECTORY; startup.log is written here once the daemon runs.")
  Path logDir;

  @Option(names = "--active-thread-percentage", description = "0..100.")
  Integer activeThreadPercentage;

  @Option(names = "--pinned-device-memory-limit", description = "<device UUID>=<MiB>M; repeatable.")
  List<String> pinnedLimits = new ArrayList<>();

  @Option(
      names = "--multi-user",
      arity = "0..1",
      fallbackValue = "true",
      description = "Multi-user mode (-M): processes of different UIDs share the daemon.")
  boolean multiUser;

  @Option(
      names = "--check-seconds",
      defaultValue = "10",
      description = "How often the daemon is asked whether it still runs.")
  int checkSeconds;

  @Override
  public Integer call() throws InterruptedException {
    ControlDaemon daemon = new ControlDaemon(settings());
    CountDownLatch done = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            Thread.ofPlatform()
                .unstarted(() -> {
                  daemon.stop();
                  awaitQuietly(done);
                }));
    try {
      daemon.run();
    } finally {
      done.countDown();
    }
    return 0;
  }

  private static void awaitQuietly(CountDownLatch done) {
    try {
      done.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  ControlDaemonSettings settings() {
    if (checkSeconds < 1) {
      throw new IllegalArgumentException("--check-seconds must be at least 1, got " + checkSeconds);
    }
    Map<String, String> limits = new LinkedHashMap<>();
    for (String limit : pinnedLimits) {
      int eq = limit.indexOf('=');
      if (eq < 1) {
        throw new IllegalArgumentException(
            "--pinned-device-memory-limit must be <device UUID>=<MiB>M, got " + limit);
      }
      limits.put(limit.substring(0, eq), limit.substring(eq + 1));
    }
    return new ControlDaemonSettings(
        driverRoot,
        pipeDir,
        logDir,
        Optional.ofNullable(activeThreadPercentage),
        limits,
        Duration.ofSeconds(checkSeconds),
        multiUser);
  }
}
