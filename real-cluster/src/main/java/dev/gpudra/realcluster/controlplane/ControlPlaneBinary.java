package dev.gpudra.realcluster.controlplane;

import java.nio.file.Files;
import java.nio.file.Path;
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
    return build(script(), List.of());
  }

  /**
   * The binary of an older Kubernetes release than the current one ({@code
   * e2e/controlplane/build.sh RELEASE}), for the version matrix: always built from the checkout, as
   * {@link #ENV} names the current release's binary.
   *
   * @param release the minor release, {@code 1.34}
   * @return the executable
   * @throws ControlPlaneUnavailableException when it cannot be had here, with a one-line reason
   */
  public Path locate(String release) throws InterruptedException {
    return build(script(), List.of(release));
  }

  /** The build script in {@code checkout} or the nearest directory above it that has one. */
  private Path script() {
    return BuildScript.find(checkout, SCRIPT)
        .orElseThrow(() ->
            new ControlPlaneUnavailableException(
                "gpu-dra-testcluster: "
                    + SCRIPT
                    + " not found in "
                    + checkout
                    + " or above (run from a gpu-dra checkout, or set "
                    + ENV
                    + ")"));
  }

  private Path build(Path script, List<String> args) throws InterruptedException {
    return new BuildScript(script, "gpu-dra-testcluster", args)
        .run(progress, ControlPlaneUnavailableException::new);
  }
}
