package dev.gpudra.realcluster.controlplane;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the harness stops a child process, as a container runtime stops a container: SIGTERM, then
 * SIGKILL when it has not exited within the grace period.
 *
 * @param name the process, for the log line when it has to be killed
 * @param grace how long SIGTERM is given
 */
public record GracefulStop(String name, Duration grace) {
  private static final Logger log = LoggerFactory.getLogger(GracefulStop.class);

  public GracefulStop {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(grace, "grace");
  }

  /** Stops the process; returns at once when it has exited already. */
  public void stop(Process process) {
    if (!process.isAlive()) {
      return;
    }
    process.destroy();
    try {
      if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
        log.warn("{} did not stop within {}; killing it", name, grace);
        process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
