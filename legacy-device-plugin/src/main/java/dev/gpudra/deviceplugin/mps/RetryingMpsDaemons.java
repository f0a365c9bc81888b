package dev.gpudra.deviceplugin.mps;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One config's MPS control daemons, started again every {@code every} until they start (NVIDIA's
 * daemon retries every 30 s: a driver not loaded yet, a GPU busy with a process that keeps it from
 * EXCLUSIVE_PROCESS).
 */
public final class RetryingMpsDaemons implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(RetryingMpsDaemons.class);

  private final Supplier<MpsControlDaemons> start;
  private final Duration every;
  private final ScheduledExecutorService retries =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().daemon().name("mps-daemon-retry").factory());
  private MpsControlDaemons running;
  private boolean closed;

  private RetryingMpsDaemons(Supplier<MpsControlDaemons> start, Duration every) {
    this.start = start;
    this.every = every;
  }

  /** Tries now; on failure, again every {@code every} until it works or this is closed. */
  public static RetryingMpsDaemons start(Supplier<MpsControlDaemons> start, Duration every) {
    RetryingMpsDaemons daemons = new RetryingMpsDaemons(start, every);
    daemons.attempt();
    return daemons;
  }

  /** Whether the daemons run now. */
  public synchronized boolean running() {
    return running != null;
  }

  private synchronized void attempt() {
    if (closed) {
      return;
    }
    try {
      running = start.get();
    } catch (MpsStartException e) {
      log.error(
          "the MPS control daemons did not start: {}; trying again in {} s",
          e.getMessage(),
          every.toSeconds());
      retries.schedule(this::attempt, every.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  @Override
  public void close() {
    synchronized (this) {
      closed = true;
      if (running != null) {
        running.close();
        running = null;
      }
    }
    retries.shutdownNow();
  }
}
