package dev.gpudra.kit.flock;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * An exclusive {@code flock(2)} on a file, taken as NVIDIA's plugins take {@code pu.lock} and
 * {@code cp.lock}: {@code LOCK_EX|LOCK_NB}, polled until a timeout. Java's {@code FileChannel.lock}
 * is an fcntl record lock, which Linux keeps apart from flock: it would not exclude NVIDIA's
 * plugin, nor an admin's {@code flock(1)}. The lock belongs to the open file description, so two
 * holders in one process exclude each other too.
 */
public final class FlockFile {
  private static final int O_WRONLY = 01;
  private static final int O_CREAT = 0100;
  private static final int O_CLOEXEC = 02000000;
  private static final int LOCK_EX = 2;
  private static final int LOCK_NB = 4;
  private static final int EWOULDBLOCK = 11;
  private static final int EINTR = 4;
  private static final Duration POLL = Duration.ofMillis(20);

  /** The libc calls used; their errors arrive as {@link LastErrorException} with errno. */
  interface LibC extends Library {
    int open(String path, int flags, int mode) throws LastErrorException;

    int flock(int fd, int operation) throws LastErrorException;

    int close(int fd) throws LastErrorException;
  }

  /** A held lock; closing releases it (the descriptor is closed). */
  public interface Held extends AutoCloseable {
    @Override
    void close();
  }

  private final Path file;
  private final LibC libc;

  public FlockFile(Path file) {
    this.file = Objects.requireNonNull(file, "file").toAbsolutePath();
    this.libc = Native.load("c", LibC.class);
  }

  public Path file() {
    return file;
  }

  /**
   * Polls for the lock until {@code timeout}.
   *
   * @return the held lock, or empty when another holder kept it for the whole timeout
   * @throws LockFileException when the file cannot be opened or locked for another reason (a
   *     read-only file system, say), naming the file and the reason
   * @throws InterruptedException while waiting
   */
  public Optional<Held> acquire(Duration timeout) throws InterruptedException {
    int fd = open();
    long deadline = System.nanoTime() + timeout.toNanos();
    try {
      while (!tryLock(fd)) {
        if (System.nanoTime() - deadline >= 0) {
          closeQuietly(fd);
          return Optional.empty();
        }
        Thread.sleep(POLL.toMillis());
      }
    } catch (RuntimeException | InterruptedException e) {
      closeQuietly(fd);
      throw e;
    }
    return Optional.of(() -> closeQuietly(fd));
  }

  private int open() {
    try {
      Files.createDirectories(file.getParent());
      return libc.open(file.toString(), O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
    } catch (LastErrorException e) {
      throw failure("cannot open lock file", e);
    } catch (java.io.IOException e) {
      throw LockFileException.of("cannot create the directory of lock file " + file, e);
    }
  }

  private boolean tryLock(int fd) {
    try {
      libc.flock(fd, LOCK_EX | LOCK_NB);
      return true;
    } catch (LastErrorException e) {
      if (e.getErrorCode() == EWOULDBLOCK || e.getErrorCode() == EINTR) {
        return false;
      }
      throw failure("cannot flock", e);
    }
  }

  private void closeQuietly(int fd) {
    try {
      libc.close(fd); // releases the lock with the open file description
    } catch (LastErrorException e) {
      // the descriptor is gone either way (close(2) never leaves it open on Linux)
    }
  }

  private LockFileException failure(String what, LastErrorException e) {
    return new LockFileException(
        what + " " + file + ": " + dev.gpudra.kit.files.IoReason.describe(e.getErrorCode()), e);
  }
}
