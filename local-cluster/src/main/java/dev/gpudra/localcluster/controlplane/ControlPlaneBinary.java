package dev.gpudra.localcluster.controlplane;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Finds the {@code gpu-dra-testcluster} binary: the one named by {@code GPU_DRA_TESTCLUSTER} when
 * the caller passes it, else the one {@code e2e/controlplane/build.sh} builds in the checkout. The
 * script caches by the hash of go.sum and the sources, so a second call costs milliseconds; a cold
 * build takes minutes and its progress lines go to {@code progress}.
 */
public final class ControlPlaneBinary {
  /** The environment variable naming a prebuilt binary (read by callers, passed in here). */
  public static final String ENV = "GPU_DRA_TESTCLUSTER";

  static final String SCRIPT = "e2e/controlplane/build.sh";
  private static final int GO_MISSING = 2;

  private final Path checkout;
  private final Optional<Path> prebuilt;
  private final Consumer<String> progress;

  /**
   * @param checkout the repository root holding {@code e2e/controlplane}, or a directory below it
   * @param prebuilt the value of {@link #ENV}, if set
   * @param progress receives the build script's stderr lines
   */
  public ControlPlaneBinary(Path checkout, Optional<Path> prebuilt, Consumer<String> progress) {
    this.checkout = Objects.requireNonNull(checkout, "checkout");
    this.prebuilt = Objects.requireNonNull(prebuilt, "prebuilt");
    this.progress = Objects.requireNonNull(progress, "progress");
  }

  /**
   * @return the executable
   * @throws ControlPlaneUnavailableException when it cannot be had here, with a one-line reason
   */
  public Path locate() throws InterruptedException {
    if (prebuilt.isPresent()) {
      Path bin = prebuilt.get();
      if (!Files.isExecutable(bin)) {
        throw new ControlPlaneUnavailableException(ENV + "=" + bin + ": not an executable file");
      }
      return bin;
    }
    return build(script());
  }

  /** The build script in {@code checkout} or the nearest directory above it that has one. */
  private Path script() {
    for (Path dir = checkout.toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path script = dir.resolve(SCRIPT);
      if (Files.isRegularFile(script)) {
        return script;
      }
    }
    throw new ControlPlaneUnavailableException(
        "gpu-dra-testcluster: "
            + SCRIPT
            + " not found in "
            + checkout
            + " or above (run from a gpu-dra checkout, or set "
            + ENV
            + ")");
  }

  private Path build(Path script) throws InterruptedException {
    Process process;
    try {
      process =
          new ProcessBuilder("bash", script.toString())
              .directory(script.getParent().toFile())
              .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
              .start();
    } catch (IOException e) {
      throw new ControlPlaneUnavailableException(
          "gpu-dra-testcluster: cannot run " + script + ": " + e.getMessage());
    }
    List<String> errors = new ArrayList<>();
    Thread stderr =
        Thread.ofPlatform()
            .daemon()
            .name("testcluster-build")
            .start(() ->
                lines(
                    process.getErrorStream(),
                    line -> {
                      errors.add(line);
                      progress.accept(line);
                    }));
    List<String> out = new ArrayList<>();
    lines(process.getInputStream(), out::add);
    int exit = process.waitFor();
    stderr.join();
    return builtBinary(exit, out, errors);
  }

  private static Path builtBinary(int exit, List<String> out, List<String> errors) {
    String why = errors.isEmpty() ? "exit code " + exit : errors.getLast();
    if (exit == GO_MISSING) {
      throw new ControlPlaneUnavailableException(why);
    }
    if (exit != 0 || out.isEmpty()) {
      throw new ControlPlaneUnavailableException("gpu-dra-testcluster: build failed: " + why);
    }
    return Path.of(out.getLast().strip());
  }

  private static void lines(java.io.InputStream stream, Consumer<String> sink) {
    try (BufferedReader reader =
        new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
      reader.lines().forEach(sink);
    } catch (IOException e) {
      sink.accept("(output unreadable: " + e.getMessage() + ")");
    }
  }
}
