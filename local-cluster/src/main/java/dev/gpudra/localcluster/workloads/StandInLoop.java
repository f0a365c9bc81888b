package dev.gpudra.localcluster.workloads;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A stand-in controller's loop: {@code step} every {@code millis} on a thread of its own; a failed
 * step is logged and the next one tries again.
 */
public final class StandInLoop implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(StandInLoop.class);

  private final String name;
  private final Runnable step;
  private final long millis;
  private final ScheduledExecutorService poller;

  public StandInLoop(String name, Runnable step, long millis) {
    this.name = name;
    this.step = step;
    this.millis = millis;
    this.poller =
        Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().daemon().name(name).unstarted(r));
  }

  public void start() {
    poller.scheduleWithFixedDelay(this::safeStep, 0, millis, TimeUnit.MILLISECONDS);
  }

  private void safeStep() {
    try {
      step.run();
    } catch (RuntimeException e) {
      if (poller.isShutdown() || Thread.currentThread().isInterrupted()) {
        return; // stopping: the step was cut short on purpose
      }
      log.warn("{} pass failed; the next pass tries again", name, e);
    }
  }

  @Override
  public void close() {
    poller.shutdownNow();
    try {
      poller.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
