package dev.gpudra.cli;

import dev.gpudra.nvml.NvmlException;
import dev.gpudra.nvml.smi.NvidiaSmi;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gpu-dra wait-for-driver}: the kubelet plugins' init container, as NVIDIA's prestart step.
 * It returns once the driver root's {@code nvidia-smi --version} runs with the driver root's NVML,
 * so that the plugins start against a loaded driver; until then it says why, with a hint for a
 * wrong {@code nvidiaDriverRoot}. With simulated GPUs there is no driver to wait for.
 */
@Command(
    name = "wait-for-driver",
    mixinStandardHelpOptions = true,
    description =
        "Wait until the NVIDIA driver under the driver root answers (nvidia-smi --version), as the"
            + " kubelet plugins' init container.")
final class WaitForDriverCommand implements Callable<Integer> {
  @Mixin(name = LoggingOptions.MIXIN)
  LoggingOptions logging = new LoggingOptions();

  @Option(
      names = "--container-driver-root",
      defaultValue = "${env:DRIVER_ROOT_CTR_PATH:-/driver-root}",
      description = "Where the driver root is mounted in this container (DRIVER_ROOT_CTR_PATH).")
  Path containerRoot;

  @Option(
      names = "--nvidia-driver-root",
      defaultValue = "${env:NVIDIA_DRIVER_ROOT:-/}",
      description = "The driver root on the host, for the hints (NVIDIA_DRIVER_ROOT).")
  String hostRoot;

  @Option(
      names = "--simulated-gpus",
      defaultValue = "${env:SIMULATED_GPUS}",
      description = "Simulated GPUs (SIMULATED_GPUS): nothing to wait for.")
  String simulatedGpus;

  @Option(
      names = "--interval-seconds",
      defaultValue = "10",
      description = "Seconds between attempts (default ${DEFAULT-VALUE}).")
  int intervalSeconds;

  @Option(
      names = "--timeout-seconds",
      defaultValue = "0",
      description = "Give up after this many seconds; 0 waits forever (default ${DEFAULT-VALUE}).")
  int timeoutSeconds;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws InterruptedException {
    PrintWriter err = spec.commandLine().getErr();
    if (simulatedGpus != null && !simulatedGpus.isBlank()) {
      err.println("simulated GPUs (" + simulatedGpus + "): no driver to wait for");
      return 0;
    }
    if (intervalSeconds < 1 || timeoutSeconds < 0) {
      throw new InvalidArgumentsException(
          "--interval-seconds must be at least 1 and --timeout-seconds not negative");
    }
    long deadline = System.nanoTime() + Duration.ofSeconds(timeoutSeconds).toNanos();
    DriverHints hints = new DriverHints(containerRoot, hostRoot);
    for (int attempt = 1; ; attempt++) {
      try {
        String version =
            NvidiaSmi.under(containerRoot, Duration.ofSeconds(30)).run(List.of("--version"));
        err.println("the driver is ready: " + versionLine(version));
        return 0;
      } catch (NvmlException e) {
        err.println("attempt " + attempt + ": the driver is not ready: " + e.getMessage());
        hints.hint().ifPresent(h -> err.println("hint: " + h));
      }
      if (timeoutSeconds > 0 && System.nanoTime() - deadline >= 0) {
        err.println("gave up after " + timeoutSeconds + " s");
        return 1;
      }
      Thread.sleep(Duration.ofSeconds(intervalSeconds));
    }
  }

  /** nvidia-smi's version line (the loader may print a warning before it). */
  static String versionLine(String printed) {
    List<String> lines = printed.strip().lines().toList();
    return lines.stream()
        .filter(l -> l.toLowerCase(java.util.Locale.ROOT).contains("version"))
        .findFirst()
        .orElse(lines.isEmpty() ? "" : lines.getLast());
  }
}
