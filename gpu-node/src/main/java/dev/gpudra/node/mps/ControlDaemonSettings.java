package dev.gpudra.node.mps;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How {@code gpu-dra mps-control-daemon} runs the driver's MPS control daemon.
 *
 * @param driverRoot where the driver's programs and libraries are (the pod's {@code /driver-root})
 * @param pipeDir {@code CUDA_MPS_PIPE_DIRECTORY}
 * @param logDir {@code CUDA_MPS_LOG_DIRECTORY}; {@code startup.log} is written here
 * @param activeThreadPercentage {@code set_default_active_thread_percentage}, if set
 * @param pinnedLimits {@code set_default_device_pinned_mem_limit} per device UUID, e.g. {@code
 *     10240M}
 * @param checkEvery how often the daemon is asked whether it still runs
 * @param multiUser start it in multi-user mode ({@code -M}), as NVIDIA's {@code multiUser}
 */
public record ControlDaemonSettings(
    Path driverRoot,
    Path pipeDir,
    Path logDir,
    Optional<Integer> activeThreadPercentage,
    Map<String, String> pinnedLimits,
    Duration checkEvery,
    boolean multiUser) {
  public ControlDaemonSettings {
    Objects.requireNonNull(driverRoot, "driverRoot");
    Objects.requireNonNull(pipeDir, "pipeDir");
    Objects.requireNonNull(logDir, "logDir");
    Objects.requireNonNull(activeThreadPercentage, "activeThreadPercentage");
    pinnedLimits = Map.copyOf(pinnedLimits);
    Objects.requireNonNull(checkEvery, "checkEvery");
    activeThreadPercentage.ifPresent(p -> {
      if (p < 0 || p > 100) {
        throw new IllegalArgumentException(
            "--active-thread-percentage must be between 0 and 100, got " + p);
      }
    });
    pinnedLimits.forEach((uuid, limit) -> {
      if (!uuid.matches("(GPU|MIG)-[0-9A-Za-z-]+") || !limit.matches("[0-9]+M")) {
        throw new IllegalArgumentException(
            "--pinned-device-memory-limit must be <GPU or MIG UUID>=<MiB>M, got "
                + uuid
                + "="
                + limit);
      }
    });
  }

  /** The startup probe's file. */
  public Path startupLog() {
    return logDir.resolve("startup.log");
  }
}
