package dev.gpudra.kit.owner;

import dev.gpudra.kit.flock.FlockFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ownership of a driver's plugin directory on this node, held until {@link #close()} (or until the
 * process ends, when the kernel drops the lock). The owner writes its PID and start time into the
 * lock file, so that the one refused can say who holds it.
 */
public final class NodeOwner implements AutoCloseable {
  /** In the plugin's data dir, beside NVIDIA's {@code pu.lock} and {@code cp.lock}. */
  public static final String FILE_NAME = "owner.lock";

  private static final Logger log = LoggerFactory.getLogger(NodeOwner.class);
  private static final Duration REPORT_EVERY = Duration.ofSeconds(5);

  private final FlockFile.Held held;

  private NodeOwner(FlockFile.Held held) {
    this.held = held;
  }

  /**
   * Takes ownership of {@code dataDir}, waiting up to {@code wait} for a running owner to stop.
   *
   * @throws NodeOwnedException another process kept it for the whole wait
   */
  public static NodeOwner acquire(Path dataDir, Duration wait) {
    FlockFile file = new FlockFile(dataDir.resolve(FILE_NAME));
    long deadline = System.nanoTime() + wait.toNanos();
    try {
      while (true) {
        long left = deadline - System.nanoTime();
        Duration slice = Duration.ofNanos(Math.max(0, Math.min(left, REPORT_EVERY.toNanos())));
        var got = file.acquire(slice);
        if (got.isPresent()) {
          writeOwner(file.file());
          return new NodeOwner(got.get());
        }
        if (System.nanoTime() - deadline >= 0) {
          throw new NodeOwnedException(
              "another plugin process ("
                  + holder(file.file())
                  + ") owns "
                  + dataDir
                  + " on this node: it holds "
                  + file.file()
                  + " and kept it for "
                  + wait.toSeconds()
                  + " s; stop it first, or wait until it has stopped");
        }
        log.warn(
            "another plugin process ({}) owns {}; waiting for it to stop",
            holder(file.file()),
            dataDir);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new NodeOwnedException("interrupted while waiting for " + file.file());
    }
  }

  @Override
  public void close() {
    held.close();
  }

  private static void writeOwner(Path file) {
    ProcessHandle self = ProcessHandle.current();
    String started = self.info().startInstant().map(Instant::toString).orElse("an unknown time");
    try {
      Files.writeString(file, "pid " + self.pid() + ", started " + started + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the owner into " + file, e);
    }
  }

  private static String holder(Path file) {
    try {
      String text = Files.readString(file).strip();
      return text.isEmpty() ? "unknown pid" : text.lines().findFirst().orElse(text);
    } catch (IOException e) {
      return "unknown pid";
    }
  }
}
