package dev.gpudra.kit.dra;

import dev.gpudra.kit.flock.FlockFile;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Serialises prepare and unprepare on the node: an in-process lock for concurrent gRPC calls plus
 * an exclusive {@code flock(2)} on {@code <plugin data dir>/pu.lock}, as NVIDIA's plugin takes it,
 * so that the two plugins (or an admin's {@code flock(1)}) exclude each other; both within one
 * timeout.
 */
public final class NodeLock {
  /** The lock file name used by NVIDIA's plugins. */
  public static final String FILE_NAME = "pu.lock";

  private final FlockFile file;
  private final Duration timeout;
  private final ReentrantLock local = new ReentrantLock(true);

  public NodeLock(Path file, Duration timeout) {
    this.file = new FlockFile(file);
    this.timeout = timeout;
  }

  /** A held lock; closing releases it. */
  public interface Held extends AutoCloseable {
    @Override
    void close();
  }

  /**
   * @throws LockTimeoutException if not acquired within the timeout
   * @throws dev.gpudra.kit.flock.LockFileException if the lock file cannot be opened (read-only
   *     file system, say)
   */
  public Held acquire() {
    long start = System.nanoTime();
    try {
      if (!local.tryLock(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
        throw timedOut();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LockTimeoutException("interrupted while waiting for " + file.file());
    }
    try {
      Duration left = timeout.minusNanos(System.nanoTime() - start);
      FlockFile.Held held =
          file.acquire(left.isNegative() ? Duration.ZERO : left).orElseThrow(this::timedOut);
      return () -> {
        try {
          held.close();
        } finally {
          local.unlock();
        }
      };
    } catch (InterruptedException e) {
      local.unlock();
      Thread.currentThread().interrupt();
      throw new LockTimeoutException("interrupted while waiting for " + file.file());
    } catch (RuntimeException e) {
      local.unlock();
      throw e;
    }
  }

  private LockTimeoutException timedOut() {
    return new LockTimeoutException(
        "timed out after " + timeout + " waiting for lock " + file.file());
  }
}
