package dev.gpudra.kit.checkpoint;

/** {@code cp.lock} was not acquired in time: another process holds it. Transient. */
public final class CheckpointLockTimeoutException extends CheckpointException {
  private static final long serialVersionUID = 1L;

  public CheckpointLockTimeoutException(String message) {
    super(message, null);
  }
}
