package dev.gpudra.kit.checkpoint;

/**
 * A checkpoint of a version this build cannot read (a newer gpu-dra wrote it): never overwritten,
 * since that would lose what the newer version recorded.
 */
public final class UnsupportedCheckpointVersionException extends CorruptCheckpointException {
  private static final long serialVersionUID = 1L;

  public UnsupportedCheckpointVersionException(String message) {
    super(message);
  }
}
