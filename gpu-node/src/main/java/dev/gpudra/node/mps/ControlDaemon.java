package dev.gpudra.node.mps;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One MPS control daemon's life in its pod: started with the claim's settings, announced through
 * {@code startup.log}, watched, and told to quit on {@link #stop}.
 */
public final class ControlDaemon {
  private static final Logger log = LoggerFactory.getLogger(ControlDaemon.class);

  private final ControlDaemonSettings settings;
  private final MpsControlProgram program;
  private final CountDownLatch stopping = new CountDownLatch(1);

  public ControlDaemon(ControlDaemonSettings settings) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.program = MpsControlProgram.find(settings);
  }

  /**
   * Starts the daemon, applies the settings and writes {@code startup.log}; then watches the daemon
   * until {@link #stop}.
   *
   * @throws MpsControlException when it cannot start, refuses a setting, or stops answering (the
   *     container exits and the kubelet restarts it)
   */
  public void run() throws InterruptedException {
    try {
      Files.deleteIfExists(settings.startupLog());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove " + settings.startupLog(), e);
    }
    program.startDaemon(settings.multiUser());
    log.info(
        "{} -d{} started (pipes {}, logs {})",
        program.path(),
        settings.multiUser() ? " -M" : "",
        settings.pipeDir(),
        settings.logDir());
    for (String command : MpsControlProgram.settingCommands(settings)) {
      program.send(command);
      log.info("sent: {}", command);
    }
    try {
      Files.writeString(settings.startupLog(), "startup complete\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + settings.startupLog(), e);
    }
    log.info("startup complete");
    while (!stopping.await(settings.checkEvery().toMillis(), TimeUnit.MILLISECONDS)) {
      program.send("get_server_list");
    }
  }

  /**
   * Tells the daemon to quit (its servers stop once their clients are gone) and ends {@link #run}.
   */
  public void stop() {
    stopping.countDown();
    try {
      program.send("quit");
      log.info("sent: quit");
    } catch (MpsControlException e) {
      log.warn("quit was not taken: {}", e.getMessage());
    }
  }
}
