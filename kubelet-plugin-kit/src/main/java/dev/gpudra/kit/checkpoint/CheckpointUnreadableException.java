package dev.gpudra.kit.checkpoint;

/**
 * The checkpoint file exists but cannot be read: the plugin cannot prove which devices are free, so
 * it refuses to prepare or unprepare (fails closed) until the file is readable again or, at the
 * next start, rebuilt from the CDI specs ({@link #newerVersion()} excepted: that needs an upgrade
 * or an admin).
 */
public final class CheckpointUnreadableException extends CheckpointException {
  private static final long serialVersionUID = 1L;

  public CheckpointUnreadableException(String message, CorruptCheckpointException cause) {
    super(message, cause);
  }

  /** Whether a newer version wrote it (rather than it being damaged). */
  public boolean newerVersion() {
    return getCause() instanceof UnsupportedCheckpointVersionException;
  }
}
