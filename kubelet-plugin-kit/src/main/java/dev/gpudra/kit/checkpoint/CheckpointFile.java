package dev.gpudra.kit.checkpoint;

import dev.gpudra.kit.files.AtomicFile;
import dev.gpudra.kit.files.DurableFile;
import dev.gpudra.kit.files.IoReason;
import dev.gpudra.kit.flock.FlockFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A plugin's checkpoint file, {@code <dataDir>/checkpoint.json}, locked through {@code
 * <dataDir>/cp.lock}. Every access holds an in-process lock and the file's {@code flock(2)}, as
 * NVIDIA's plugins take it (which also keeps out a second plugin process during an upgrade, ours or
 * NVIDIA's). A checkpoint written under another boot ID is discarded: the node rebooted and nothing
 * prepared survived. Writes are atomic but not fsynced ({@link AtomicFile}): a killed process
 * leaves the old or the new file; a power loss may leave a damaged one, which is then older than
 * the boot ({@link BootTime}) and discarded like any checkpoint of an earlier boot, kept aside as
 * {@code checkpoint.json.corrupt-<n>}. A damaged file written in this boot fails closed. Use one
 * instance per data directory and process.
 *
 * @param <T> the driver's checkpoint record
 */
public final class CheckpointFile<T> {
  public static final String FILE_NAME = "checkpoint.json";
  public static final String LOCK_NAME = "cp.lock";

  /** Where the kernel publishes the current boot's ID. */
  public static final Path DEFAULT_BOOT_ID = Path.of("/proc/sys/kernel/random/boot_id");

  /** How long an access waits for {@code cp.lock}, as NVIDIA's plugins. */
  public static final Duration LOCK_TIMEOUT = Duration.ofSeconds(10);

  private static final Logger log = LoggerFactory.getLogger(CheckpointFile.class);

  private final Path file;
  private final FlockFile lockFile;
  private final Duration lockTimeout;
  private final Path bootIdFile;
  private final BootTime bootTime;
  private final CheckpointFormat<T> format;
  private final ReentrantLock lock = new ReentrantLock();
  // Guarded by lock. The boot ID cannot change while this process lives. The last checkpoint read
  // or written is reused while the file holds the same bytes: comparing them costs a read, which
  // decoding needs anyway, and cannot be fooled as a key of inode, size and mtime can (an inode
  // number is reused once freed, and mtime moves in clock ticks).
  private String bootId;
  private Cached<T> cached;

  private record Cached<T>(byte[] bytes, T checkpoint) {
    boolean holds(byte[] read) {
      return Arrays.equals(bytes, read);
    }
  }

  public CheckpointFile(
      Path dataDir, Path bootIdFile, Duration lockTimeout, CheckpointFormat<T> format) {
    this(dataDir, bootIdFile, new BootTime(BootTime.PROC_STAT), lockTimeout, format);
  }

  /**
   * @param bootTime when this boot began: an unreadable checkpoint older than it is discarded
   */
  public CheckpointFile(
      Path dataDir,
      Path bootIdFile,
      BootTime bootTime,
      Duration lockTimeout,
      CheckpointFormat<T> format) {
    this.file = dataDir.resolve(FILE_NAME);
    this.lockFile = new FlockFile(dataDir.resolve(LOCK_NAME));
    this.bootIdFile = Objects.requireNonNull(bootIdFile, "bootIdFile");
    this.bootTime = Objects.requireNonNull(bootTime, "bootTime");
    this.lockTimeout = Objects.requireNonNull(lockTimeout, "lockTimeout");
    this.format = Objects.requireNonNull(format, "format");
  }

  /** The file's path. */
  public Path file() {
    return file;
  }

  /**
   * The current checkpoint (empty when there is none or the node rebooted).
   *
   * @throws CheckpointUnreadableException when the file exists but cannot be read
   */
  public T read() {
    return locked(this::load);
  }

  /**
   * Reads, applies {@code change} and writes the result atomically, all under the lock.
   *
   * @return the checkpoint as written
   */
  public T update(UnaryOperator<T> change) {
    return locked(() -> {
      T next = Objects.requireNonNull(change.apply(load()), "changed checkpoint");
      write(next);
      return next;
    });
  }

  /**
   * Replaces an unreadable checkpoint: moves it aside as {@code checkpoint.json.corrupt-<n>} and
   * writes {@code rebuilt}.
   *
   * @return where the unreadable file went
   */
  public Path replaceUnreadable(T rebuilt) {
    return locked(() -> {
      Path aside = setAside();
      write(rebuilt);
      return aside;
    });
  }

  /** Under the lock: replaces the file atomically and caches what it now holds. */
  private void write(T checkpoint) {
    try {
      byte[] bytes = format.encode(checkpoint);
      AtomicFile.replace(file, bytes, DurableFile.PRIVATE);
      cached = new Cached<>(bytes, checkpoint);
    } catch (IOException e) {
      cached = null;
      throw new CheckpointException("cannot write " + file + ": " + IoReason.describe(e), e);
    }
  }

  private T load() {
    String boot = bootId();
    try {
      byte[] bytes = Files.readAllBytes(file);
      if (cached == null || !cached.holds(bytes)) {
        Optional<T> readable = decode(bytes);
        if (readable.isEmpty()) {
          cached = null;
          return format.empty(boot);
        }
        cached = new Cached<>(bytes, readable.get());
      }
      return forThisBoot(cached.checkpoint(), boot);
    } catch (NoSuchFileException e) {
      cached = null;
      return format.empty(boot);
    } catch (IOException e) {
      throw new CheckpointException("cannot read " + file + ": " + IoReason.describe(e), e);
    }
  }

  /** A checkpoint without a boot ID gets this boot's; one from an earlier boot is discarded. */
  private T forThisBoot(T stored, String boot) {
    String storedBoot = format.bootId(stored);
    if (storedBoot.isEmpty()) {
      return format.withBootId(stored, boot);
    }
    if (!boot.isEmpty() && !storedBoot.equals(boot)) {
      log.info(
          "node rebooted (boot ID {} -> {}): discarding {} checkpointed claims of {}",
          storedBoot,
          boot,
          format.claims(stored),
          file);
      return format.empty(boot);
    }
    return stored;
  }

  /**
   * The checkpoint, or empty when the file is damaged and older than this boot: a power loss cut
   * short a write that was never fsynced, and nothing it recorded survived the reboot; it is moved
   * aside.
   */
  private Optional<T> decode(byte[] bytes) {
    try {
      return Optional.of(format.decode(bytes));
    } catch (CorruptCheckpointException e) {
      Optional<Instant> boot = bootTime.read();
      Instant modified = modified();
      if (e instanceof UnsupportedCheckpointVersionException
          || boot.isEmpty()
          || !modified.isBefore(boot.get())) {
        throw refused(e);
      }
      Path aside = setAside();
      log.warn(
          "checkpoint {} is unreadable ({}) and was last written at {}, before this boot began at"
              + " {}: a write cut short by a power loss; nothing it recorded survived the reboot,"
              + " starting empty (the file is kept as {})",
          file,
          e.getMessage(),
          modified,
          boot.get(),
          aside);
      return Optional.empty();
    }
  }

  /**
   * Fails closed: a file that exists but cannot be read is left as it is, and every access fails
   * until it is readable again or {@link #replaceUnreadable} is called.
   */
  private CheckpointUnreadableException refused(CorruptCheckpointException e) {
    cached = null;
    return new CheckpointUnreadableException(
        "checkpoint "
            + file
            + " is unreadable ("
            + e.getMessage()
            + "); refusing to prepare or unprepare devices that cannot be proven free"
            + (e instanceof UnsupportedCheckpointVersionException
                ? ": run the gpu-dra version that wrote it, or drain the node and delete the file"
                : ": " + format.recoveryHint()),
        e);
  }

  private Instant modified() {
    try {
      return Files.getLastModifiedTime(file).toInstant();
    } catch (IOException e) {
      throw new CheckpointException("cannot read " + file + ": " + IoReason.describe(e), e);
    }
  }

  private Path setAside() {
    for (int n = 1; ; n++) {
      Path aside = file.resolveSibling(FILE_NAME + ".corrupt-" + n);
      if (!Files.exists(aside)) {
        try {
          Files.move(file, aside);
          return aside;
        } catch (IOException e) {
          throw new CheckpointException("cannot move corrupt checkpoint aside to " + aside, e);
        }
      }
    }
  }

  private String bootId() {
    if (bootId == null) {
      try {
        bootId = Files.readString(bootIdFile).trim();
      } catch (IOException e) {
        log.warn("cannot read boot ID from {}: reboot detection is off", bootIdFile, e);
        bootId = "";
      }
    }
    return bootId;
  }

  private <R> R locked(Supplier<R> action) {
    lock.lock();
    try (FlockFile.Held held =
        lockFile
            .acquire(lockTimeout)
            .orElseThrow(() ->
                new CheckpointLockTimeoutException(
                    "timed out after " + lockTimeout + " waiting for lock " + lockFile.file()))) {
      return action.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CheckpointLockTimeoutException("interrupted while waiting for " + lockFile.file());
    } catch (dev.gpudra.kit.flock.LockFileException e) {
      throw new CheckpointException(e.getMessage(), e);
    } finally {
      lock.unlock();
    }
  }
}
