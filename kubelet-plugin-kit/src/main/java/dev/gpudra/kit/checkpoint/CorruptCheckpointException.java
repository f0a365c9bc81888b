package dev.gpudra.kit.checkpoint;

/** A checkpoint file that cannot be trusted: not JSON, a bad checksum, or an unknown version. */
public class CorruptCheckpointException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public CorruptCheckpointException(String message) {
    super(message);
  }

  public CorruptCheckpointException(String message, Throwable cause) {
    super(message, cause);
  }
}
