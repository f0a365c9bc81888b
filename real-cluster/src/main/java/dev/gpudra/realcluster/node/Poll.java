package dev.gpudra.realcluster.node;

import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** The harness's one wait: poll a condition, check that what it waits on still runs, give up. */
final class Poll {
  private static final Duration INTERVAL = Duration.ofMillis(200);

  private Poll() {}

  /**
   * @param alive throws (a {@link RealNodeStartException}) when what is waited on has died
   * @param timedOut the message when {@code timeout} passes first
   * @throws RealNodeStartException with that message
   */
  static void until(
      Duration timeout, BooleanSupplier done, Runnable alive, Supplier<String> timedOut)
      throws InterruptedException {
    Instant deadline = Instant.now().plus(timeout);
    while (!done.getAsBoolean()) {
      alive.run();
      if (Instant.now().isAfter(deadline)) {
        throw new RealNodeStartException(timedOut.get());
      }
      Thread.sleep(INTERVAL.toMillis());
    }
  }

  /** A free TCP port on this machine (there is a small race until the user binds it). */
  static int freePort() {
    try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (java.io.IOException e) {
      throw new RealNodeStartException("no free TCP port: " + e.getMessage());
    }
  }
}
