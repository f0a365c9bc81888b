package dev.gpudra.gpu.checkpoint;

import dev.gpudra.kit.flock.FlockFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The checkpoint file of one plugin: {@code <dataDir>/checkpoint.json}, locked through {@code
 * <dataDir>/cp.lock}. Every access holds an in-process lock and the file's {@code flock(2)}, as
 * NVIDIA's plugin takes it (which also keeps out a second plugin process during an upgrade, ours or
 * NVIDIA's), within {@link #LOCK_TIMEOUT}. Use one instance per data directory and process.
 */
public final class CheckpointStore {
  public static final String FILE_NAME = "checkpoint.json";
  public static final String LOCK_NAME = "cp.lock";

  /** Where the kernel publishes the current boot's ID. */
  public static final Path DEFAULT_BOOT_ID = Path.of("/proc/sys/kernel/random/boot_id");

  /** How long an access waits for {@code cp.lock}, as NVIDIA's plugin. */
  public static final Duration LOCK_TIMEOUT = Duration.ofSeconds(10);

  private static final Logger log = LoggerFactory.getLogger(CheckpointStore.class);

  private final Path file;
  private final FlockFile lockFile;
  private final Duration lockTimeout;
  private final Path bootIdFile;
  private final CheckpointCodec codec = new CheckpointCodec();
  private final ReentrantLock lock = new ReentrantLock();
  // Guarded by lock. The boot ID cannot change while this process lives; the last checkpoint read
  // or written is reused while the file is the same one (same inode, size and mtime): every
  // write replaces the file through a rename, so another process's write always changes its inode.
  private String bootId;
  private Cached cached;

  private record Cached(Object fileKey, long size, FileTime modified, CheckpointV1 checkpoint) {
    boolean matches(BasicFileAttributes a) {
      return Objects.equals(fileKey, a.fileKey())
          && size == a.size()
          && modified.equals(a.lastModifiedTime());
    }
  }

  public CheckpointStore(Path dataDir, Path bootIdFile) {
    this(dataDir, bootIdFile, LOCK_TIMEOUT);
  }

  public CheckpointStore(Path dataDir, Path bootIdFile, Duration lockTimeout) {
    this.file = dataDir.resolve(FILE_NAME);
    this.lockFile = new FlockFile(dataDir.resolve(LOCK_NAME));
    this.bootIdFile = Objects.requireNonNull(bootIdFile, "bootIdFile");
    this.lockTimeout = Objects.requireNonNull(lockTimeout, "lockTimeout");
  }

  /**
   * The current checkpoint (empty when there is none or the node rebooted).
   *
   * @throws CheckpointUnreadableException when the file exists but cannot be read
   */
  public CheckpointV1 read() {
    return locked(this::load);
  }

  /**
   * Reads, applies {@code change} and writes the result atomically, all under the lock.
   *
   * @return the checkpoint as written
   */
  public CheckpointV1 update(UnaryOperator<CheckpointV1> change) {
    return locked(() -> {
      CheckpointV1 next = Objects.requireNonNull(change.apply(load()), "changed checkpoint");
      write(next);
      return next;
    });
  }

  /** Under the lock: replaces the file durably and caches what it now holds. */
  private void write(CheckpointV1 checkpoint) {
    try {
      DurableFile.replace(file, codec.encode(checkpoint));
      remember(checkpoint);
    } catch (IOException e) {
      cached = null;
      throw new CheckpointException("cannot write " + file, e);
    }
  }

  private void remember(CheckpointV1 checkpoint) throws IOException {
    BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
    cached = new Cached(a.fileKey(), a.size(), a.lastModifiedTime(), checkpoint);
  }

  private CheckpointV1 load() {
    String bootId = bootId();
    try {
      BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
      if (cached == null || attributes.fileKey() == null || !cached.matches(attributes)) {
        CheckpointV1 stored = decodeOrRefuse(Files.readAllBytes(file));
        cached =
            new Cached(
                attributes.fileKey(), attributes.size(), attributes.lastModifiedTime(), stored);
      }
      return forThisBoot(cached.checkpoint(), bootId);
    } catch (NoSuchFileException e) {
      cached = null;
      return CheckpointV1.empty(bootId);
    } catch (IOException e) {
      throw new CheckpointException("cannot read " + file, e);
    }
  }

  /** A checkpoint without a boot ID gets this boot's; one from an earlier boot is discarded. */
  private static CheckpointV1 forThisBoot(CheckpointV1 stored, String bootId) {
    if (stored.nodeBootId().isEmpty()) {
      return stored.withNodeBootId(bootId);
    }
    if (!bootId.isEmpty() && !stored.nodeBootId().equals(bootId)) {
      log.info(
          "node rebooted (boot ID {} -> {}): discarding {} checkpointed claims",
          stored.nodeBootId(),
          bootId,
          stored.claims().size());
      return CheckpointV1.empty(bootId);
    }
    return stored;
  }

  /**
   * Fails closed: a file that exists but cannot be read is left as it is, and every access fails
   * until it is readable again or {@link #replaceUnreadable} is called.
   */
  private CheckpointV1 decodeOrRefuse(byte[] bytes) {
    try {
      return codec.decode(bytes);
    } catch (CorruptCheckpointException e) {
      cached = null;
      throw new CheckpointUnreadableException(
          "checkpoint "
              + file
              + " is unreadable ("
              + e.getMessage()
              + "); refusing to prepare or unprepare devices that cannot be proven free"
              + (e instanceof UnsupportedCheckpointVersionException
                  ? ": run the gpu-dra version that wrote it, or drain the node and delete the file"
                  : ": the plugin rebuilds it from the CDI specs when it next starts"),
          e);
    }
  }

  /**
   * Replaces an unreadable checkpoint: moves it aside as {@code checkpoint.json.corrupt-<n>} and
   * writes {@code rebuilt}.
   *
   * @return where the unreadable file went
   */
  public Path replaceUnreadable(CheckpointV1 rebuilt) {
    return locked(() -> {
      Path aside = setAside();
      write(rebuilt);
      return aside;
    });
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

  private <T> T locked(java.util.function.Supplier<T> action) {
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
    } catch (java.io.UncheckedIOException e) {
      throw new CheckpointException("cannot lock " + lockFile.file(), e.getCause());
    } finally {
      lock.unlock();
    }
  }
}
