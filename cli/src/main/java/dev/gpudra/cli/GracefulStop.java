package dev.gpudra.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * SIGTERM for a command that runs until stopped: the JVM's shutdown hook wakes the main thread,
 * which closes what it runs, and waits for that (10 s at most) before the JVM exits.
 */
final class GracefulStop implements AutoCloseable {
  private final CountDownLatch stopped = new CountDownLatch(1);
  private final CountDownLatch closed = new CountDownLatch(1);

  private GracefulStop() {}

  /** Registers the hook. */
  static GracefulStop onSigterm() {
    GracefulStop stop = new GracefulStop();
    Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(stop::stopThenWait));
    return stop;
  }

  /** Blocks until SIGTERM. */
  void await() throws InterruptedException {
    stopped.await();
  }

  /** The main thread has closed what it ran: the hook may return. */
  @Override
  public void close() {
    closed.countDown();
  }

  private void stopThenWait() {
    stopped.countDown();
    try {
      closed.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
