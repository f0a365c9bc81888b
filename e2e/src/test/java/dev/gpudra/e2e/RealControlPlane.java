package dev.gpudra.e2e;

import dev.gpudra.demo.Demo;
import dev.gpudra.demo.DemoCluster;
import dev.gpudra.demo.ExistingBackend;
import dev.gpudra.demo.RealBackend;
import dev.gpudra.demo.SpecLibrary;
import dev.gpudra.realcluster.controlplane.ControlPlaneBinary;
import dev.gpudra.realcluster.controlplane.ControlPlaneUnavailableException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * The base of the real-control-plane suites: builds (cached) and starts {@code
 * gpu-dra-testcluster}, then the demo's nodes on it, each with the real GPU kubelet plugin (own
 * sockets, CDI and checkpoint directories, a simulated profile) and a kubelet stand-in that
 * registers the Node, wipes its slices, prepares the pods kube-scheduler binds there and marks them
 * Running. Where Go is missing the suites are skipped with one line saying so. Given a kubeconfig
 * ({@link #existingCluster()}) they run against that cluster instead, whose nodes run the chart.
 */
final class RealControlPlane {
  /** The release go.mod builds, which {@code GPU_DRA_TESTCLUSTER} may name a binary of. */
  private static final String CURRENT = "current";

  private RealControlPlane() {}

  /** The repository root (Maven passes it; else the working directory's parent). */
  static Path checkout() {
    return Path.of(System.getProperty("gpu-dra.checkout", "..")).toAbsolutePath().normalize();
  }

  /** The demo's scenarios. */
  static SpecLibrary demoSpecs() {
    return new SpecLibrary(checkout().resolve("demo/specs"));
  }

  /**
   * The binary, built if needed; aborts (skips) the calling test where it cannot be had. Located
   * once per test JVM, so a missing Go is said once, in one line.
   */
  static Path binaryOrSkip() throws InterruptedException {
    return binaryOrSkip(CURRENT);
  }

  /**
   * The binary of an older Kubernetes release ({@code e2e/controlplane/build.sh RELEASE}), as
   * {@link #binaryOrSkip()}.
   *
   * @param release the minor release, {@code 1.34}
   */
  static Path binaryOrSkip(String release) throws InterruptedException {
    Located located = Located.once(release);
    if (located.unavailable().isPresent()) {
      Assumptions.abort(located.unavailable().get());
    }
    return located.binary().orElseThrow();
  }

  /** What locating a binary gave, kept for the test JVM's life (one build, one message). */
  private record Located(Optional<Path> binary, Optional<String> unavailable) {
    private static final Map<String, Located> RESULTS = new HashMap<>();

    static synchronized Located once(String release) throws InterruptedException {
      Located result = RESULTS.get(release);
      if (result == null) {
        result = locate(release);
        RESULTS.put(release, result);
      }
      return result;
    }

    private static Located locate(String release) throws InterruptedException {
      try {
        ControlPlaneBinary binary =
            new ControlPlaneBinary(
                checkout(),
                Optional.ofNullable(System.getenv(ControlPlaneBinary.ENV)).map(Path::of),
                line -> {
                  if (!line.contains("not installed")) {
                    System.err.println(line);
                  }
                });
        return new Located(
            Optional.of(CURRENT.equals(release) ? binary.locate() : binary.locate(release)),
            Optional.empty());
      } catch (ControlPlaneUnavailableException e) {
        System.err.println("real control plane E2E skipped: " + e.getMessage());
        return new Located(Optional.empty(), Optional.of(e.getMessage()));
      }
    }
  }

  /**
   * The cluster to run against instead of our own: {@code -Dgpu-dra.e2e.kubeconfig=PATH} or {@code
   * GPU_DRA_E2E_KUBECONFIG} (a kind cluster with the chart and simulated GPUs, or a GPU cluster).
   */
  static Optional<Path> existingCluster() {
    return Optional.ofNullable(System.getProperty("gpu-dra.e2e.kubeconfig"))
        .or(() -> Optional.ofNullable(System.getenv("GPU_DRA_E2E_KUBECONFIG")))
        .filter(s -> !s.isBlank())
        .map(Path::of);
  }

  /**
   * Starts the control plane and the demo's GPU nodes, or connects to the existing cluster;
   * progress goes to {@code out}.
   */
  static DemoCluster start(Path workDir, PrintWriter out) throws InterruptedException {
    Optional<Path> existing = existingCluster();
    if (existing.isPresent()) {
      return new Demo(out, workDir, demoSpecs(), dir -> ExistingBackend.connect(existing.get()))
          .start();
    }
    Path binary = binaryOrSkip();
    return new Demo(out, workDir, demoSpecs(), dir -> RealBackend.start(binary, dir)).start();
  }
}
