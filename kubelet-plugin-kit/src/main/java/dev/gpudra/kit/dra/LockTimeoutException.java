package dev.gpudra.kit.dra;

/** The node-wide prepare/unprepare lock was not acquired in time; the kubelet retries later. */
public final class LockTimeoutException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public LockTimeoutException(String message) {
    super(message);
  }
}
