package dev.gpudra.kit.dra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Serialises prepare and unprepare on the node: an in-process lock for concurrent gRPC calls plus
 * an exclusive lock on a file ({@code <plugin data dir>/pu.lock}) for other processes, polled until
 * a timeout.
 */
public final class NodeLock {
  /** The lock file name used by NVIDIA's plugins. */
  public static final String FILE_NAME = "pu.lock";

  private static final Duration POLL = Duration.ofMillis(50);

  private final Path file;
  private final Duration timeout;
  private final ReentrantLock local = new ReentrantLock(true);

  public NodeLock(Path file, Duration timeout) {
    this.file = file.toAbsolutePath();
    this.timeout = timeout;
  }

  /** A held lock; closing releases it. */
  public interface Held extends AutoCloseable {
    @Override
    void close();
  }

  /**
   * @throws LockTimeoutException if not acquired within the timeout
   */
  public Held acquire() {
    long deadline = System.nanoTime() + timeout.toNanos();
    try {
      if (!local.tryLock(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
        throw timedOut();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LockTimeoutException("interrupted while waiting for " + file);
    }
    try {
      FileChannel channel = open();
      FileLock lock = pollFileLock(channel, deadline);
      return () -> release(channel, lock);
    } catch (RuntimeException e) {
      local.unlock();
      throw e;
    }
  }

  private FileLock pollFileLock(FileChannel channel, long deadline) {
    try {
      while (true) {
        FileLock lock = tryLock(channel);
        if (lock != null) {
          return lock;
        }
        if (System.nanoTime() - deadline >= 0) {
          throw timedOut();
        }
        Thread.sleep(POLL.toMillis());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      closeQuietly(channel);
      throw new LockTimeoutException("interrupted while waiting for " + file);
    } catch (RuntimeException e) {
      closeQuietly(channel);
      throw e;
    }
  }

  private static FileLock tryLock(FileChannel channel) {
    try {
      return channel.tryLock();
    } catch (OverlappingFileLockException e) {
      return null; // another NodeLock in this JVM holds it: wait like any other holder
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private FileChannel open() {
    try {
      Files.createDirectories(file.getParent());
      return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open lock file " + file, e);
    }
  }

  private void release(FileChannel channel, FileLock lock) {
    try {
      lock.release();
    } catch (IOException e) {
      // closing the channel below releases it as well
    } finally {
      closeQuietly(channel);
      local.unlock();
    }
  }

  private static void closeQuietly(FileChannel channel) {
    try {
      channel.close();
    } catch (IOException e) {
      // nothing to do: the lock goes with the channel
    }
  }

  private LockTimeoutException timedOut() {
    return new LockTimeoutException("timed out after " + timeout + " waiting for lock " + file);
  }
}
