package dev.gpudra.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * SIGTERM for a command that runs until stopped: the JVM's shutdown hook wakes the main thread,
 * which closes what it runs, and waits for that (10 s at most). A SIGTERM stop that closed
 * everything in time exits 0, as a Go process that handles SIGTERM does; one that did not keeps the
 * JVM's 143. A command that ends by itself (closed before any signal) keeps its own exit code.
 */
final class GracefulStop implements AutoCloseable {
  private final CountDownLatch stopped = new CountDownLatch(1);
  private final CountDownLatch closed = new CountDownLatch(1);

  /** Set by whichever comes first: the hook (a SIGTERM) or {@link #close()} (an end of its own). */
  private final AtomicBoolean decided = new AtomicBoolean();

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
    decided.set(true);
    closed.countDown();
  }

  private void stopThenWait() {
    if (!decided.compareAndSet(false, true)) {
      return;
    }
    stopped.countDown();
    boolean clean = false;
    try {
      clean = closed.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (clean) {
      // the main thread cannot exit while the JVM shuts down: it would wait for this hook
      Runtime.getRuntime().halt(0);
    }
  }
}
