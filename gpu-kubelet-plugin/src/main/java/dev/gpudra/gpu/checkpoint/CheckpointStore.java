package dev.gpudra.gpu.checkpoint;

import dev.gpudra.kit.checkpoint.BootTime;
import dev.gpudra.kit.checkpoint.CheckpointFile;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.UnaryOperator;

/**
 * The GPU plugin's checkpoint file ({@link CheckpointFile} with {@link CheckpointCodec}): {@code
 * <dataDir>/checkpoint.json} under {@code <dataDir>/cp.lock}, in gpu-dra's envelope, NVIDIA's
 * format read too. Use one instance per data directory and process.
 */
public final class CheckpointStore {
  public static final String FILE_NAME = CheckpointFile.FILE_NAME;
  public static final String LOCK_NAME = CheckpointFile.LOCK_NAME;
  public static final Path DEFAULT_BOOT_ID = CheckpointFile.DEFAULT_BOOT_ID;
  public static final Duration LOCK_TIMEOUT = CheckpointFile.LOCK_TIMEOUT;

  private final CheckpointFile<CheckpointV1> file;

  public CheckpointStore(Path dataDir, Path bootIdFile) {
    this(dataDir, bootIdFile, LOCK_TIMEOUT);
  }

  public CheckpointStore(Path dataDir, Path bootIdFile, Duration lockTimeout) {
    this(dataDir, bootIdFile, new BootTime(BootTime.PROC_STAT), lockTimeout);
  }

  /**
   * @param bootTime when this boot began: an unreadable checkpoint older than it is discarded
   */
  public CheckpointStore(Path dataDir, Path bootIdFile, BootTime bootTime, Duration lockTimeout) {
    this.file =
        new CheckpointFile<>(dataDir, bootIdFile, bootTime, lockTimeout, new CheckpointCodec());
  }

  /**
   * The current checkpoint (empty when there is none or the node rebooted).
   *
   * @throws dev.gpudra.kit.checkpoint.CheckpointUnreadableException when the file exists but cannot
   *     be read
   */
  public CheckpointV1 read() {
    return file.read();
  }

  /** Reads, applies {@code change} and writes the result atomically, all under the lock. */
  public CheckpointV1 update(UnaryOperator<CheckpointV1> change) {
    return file.update(change);
  }

  /** Moves an unreadable checkpoint aside and writes {@code rebuilt}; returns where it went. */
  public Path replaceUnreadable(CheckpointV1 rebuilt) {
    return file.replaceUnreadable(rebuilt);
  }
}
