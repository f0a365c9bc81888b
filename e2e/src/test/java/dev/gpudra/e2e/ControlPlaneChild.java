package dev.gpudra.e2e;

import dev.gpudra.realcluster.controlplane.ControlPlaneProcess;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A JVM that starts gpu-dra-testcluster and then waits to be killed: {@link ControlPlaneLeakE2E}
 * kills it with SIGKILL (no shutdown hook runs) and checks the control plane goes away by itself.
 */
public final class ControlPlaneChild {
  private ControlPlaneChild() {}

  /** Arguments: binary, work directory. Prints {@code pid <testcluster pid>} once ready. */
  public static void main(String[] args) throws InterruptedException {
    ControlPlaneProcess process =
        ControlPlaneProcess.start(Path.of(args[0]), Path.of(args[1]), Duration.ofSeconds(120));
    System.out.println("pid " + process.pid());
    System.out.flush();
    Thread.sleep(Duration.ofMinutes(10));
  }
}
