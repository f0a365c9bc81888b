package dev.gpudra.kit.checkpoint;

/** The checkpoint could not be read or written (I/O). Transient: the caller may retry. */
public class CheckpointException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public CheckpointException(String message, Throwable cause) {
    super(message, cause);
  }
}
