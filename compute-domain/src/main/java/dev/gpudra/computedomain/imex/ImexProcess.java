package dev.gpudra.computedomain.imex;

import dev.gpudra.kit.process.Signals;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon's {@code nvidia-imex}: started with its config in the foreground (its output is the
 * daemon's), started again by {@link #ensureRunning} when it died (the daemon's 1 s watchdog), told
 * to re-resolve its nodes' DNS names with SIGUSR1, and stopped with SIGTERM.
 */
public final class ImexProcess implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ImexProcess.class);
  private static final long STOP_SECONDS = 10;

  private final Path program;
  private final Path config;
  private final Signals signals;
  private Process process;
  private int starts;

  /**
   * @param program {@code nvidia-imex} (from the driver, in the daemon's container)
   * @param config the rendered {@code imexd.cfg}
   */
  public ImexProcess(Path program, Path config, Signals signals) {
    this.program = Objects.requireNonNull(program, "program");
    this.config = Objects.requireNonNull(config, "config");
    this.signals = Objects.requireNonNull(signals, "signals");
  }

  /**
   * Starts it unless it runs.
   *
   * @return true when it had to be started (first time, or after it died)
   * @throws ImexException when it cannot be started
   */
  public synchronized boolean ensureRunning() {
    if (process != null && process.isAlive()) {
      return false;
    }
    if (process != null) {
      log.warn("{} exited with code {}; starting it again", program, process.exitValue());
    }
    try {
      process =
          new ProcessBuilder(program.toString(), "-c", config.toString())
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.INHERIT)
              .start();
      process.getOutputStream().close();
    } catch (IOException e) {
      throw new ImexException(
          "cannot start " + program + " -c " + config + ": " + e.getMessage(), e);
    }
    starts++;
    log.info("{} -c {} started (pid {}, start {})", program, config, process.pid(), starts);
    return true;
  }

  /** The running process's PID. */
  public synchronized Optional<Long> pid() {
    return process != null && process.isAlive() ? Optional.of(process.pid()) : Optional.empty();
  }

  /** How often it was started. */
  public synchronized int starts() {
    return starts;
  }

  /**
   * SIGUSR1: re-resolve the nodes' DNS names (their addresses in {@code /etc/hosts} changed); a
   * process that is not running has nothing to re-resolve.
   */
  public synchronized void reResolve() {
    if (process != null && process.isAlive()) {
      signals.send(process.pid(), Signals.SIGUSR1);
      log.info("{}: SIGUSR1 sent (the nodes' addresses changed)", program);
    }
  }

  /** SIGTERM, then SIGKILL after 10 s. */
  @Override
  public synchronized void close() {
    if (process == null || !process.isAlive()) {
      return;
    }
    process.destroy();
    try {
      if (!process.waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
        log.warn("{} did not stop within {} s of SIGTERM: killing it", program, STOP_SECONDS);
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
