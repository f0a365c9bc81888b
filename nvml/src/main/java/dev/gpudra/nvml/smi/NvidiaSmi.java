package dev.gpudra.nvml.smi;

import dev.gpudra.nvml.NvmlException;
import dev.gpudra.nvml.NvmlLibraryNotFoundException;
import dev.gpudra.nvml.jna.LibraryLocator;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/**
 * One {@code nvidia-smi} binary and the NVML library it runs with.
 *
 * @param program the executable
 * @param nvmlLibrary preloaded ({@code LD_PRELOAD}) so that the tool uses the driver root's NVML
 *     rather than whatever the plugin's image has
 * @param timeout how long one run may take before it is killed
 */
public record NvidiaSmi(Path program, Path nvmlLibrary, Duration timeout) {
  /** Relative to the driver root, in NVIDIA's plugin's search order; {@code ""} is the root. */
  static final List<String> SEARCH_DIRS =
      List.of("", "opt/bin", "usr/bin", "usr/sbin", "bin", "sbin");

  private static final int MAX_OUTPUT = 16 * 1024;

  public NvidiaSmi {
    Objects.requireNonNull(program, "program");
    Objects.requireNonNull(nvmlLibrary, "nvmlLibrary");
    Objects.requireNonNull(timeout, "timeout");
  }

  /**
   * The driver root's {@code nvidia-smi} with its {@code libnvidia-ml.so.1}.
   *
   * @throws NvmlLibraryNotFoundException naming every place searched when either is missing
   */
  public static NvidiaSmi under(Path driverRoot, Duration timeout) {
    return new NvidiaSmi(locate(driverRoot), new LibraryLocator().locate(driverRoot), timeout);
  }

  /**
   * @throws NvmlLibraryNotFoundException naming every place searched when there is none
   */
  public static Path locate(Path driverRoot) {
    List<Path> candidates =
        SEARCH_DIRS.stream().map(d -> driverRoot.resolve(d).resolve("nvidia-smi")).toList();
    return candidates.stream()
        .filter(Files::isExecutable)
        .findFirst()
        .orElseThrow(() ->
            new NvmlLibraryNotFoundException(
                "nvidia-smi not found under driver root "
                    + driverRoot
                    + "; searched: "
                    + candidates.stream().map(Path::toString).collect(Collectors.joining(", "))));
  }

  /**
   * Runs the tool and returns what it printed.
   *
   * @throws NvmlException naming the command, with its exit status and output, when it fails,
   *     cannot start or outlives {@link #timeout}
   */
  public String run(List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(program.toString());
    command.addAll(args);
    String shown = "nvidia-smi " + String.join(" ", args);
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    builder.environment().put("LD_PRELOAD", nvmlLibrary.toString());
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new NvmlException(shown + ": cannot start " + program + ": " + e.getMessage(), e);
    }
    return awaitOutput(process, shown);
  }

  private String awaitOutput(Process process, String shown) {
    CompletableFuture<String> output =
        CompletableFuture.supplyAsync(
            () -> read(process.getInputStream()), r -> Thread.ofVirtual().start(r));
    try {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        throw new NvmlException(shown + ": no answer in " + timeout.toSeconds() + " s; killed", -1);
      }
      String printed = output.get(timeout.toMillis(), TimeUnit.MILLISECONDS).strip();
      if (process.exitValue() != 0) {
        throw new NvmlException(
            shown
                + ": exit status "
                + process.exitValue()
                + (printed.isEmpty() ? "" : ": " + printed),
            -1);
      }
      return printed;
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new NvmlException(shown + ": interrupted", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new NvmlException(shown + ": cannot read its output", e);
    }
  }

  private static String read(InputStream in) {
    try (in) {
      byte[] head = in.readNBytes(MAX_OUTPUT);
      in.transferTo(OutputStream.nullOutputStream());
      return new String(head, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "(output unreadable: " + e.getMessage() + ")";
    }
  }
}
