package dev.gpudra.gpu.state;

/**
 * A claim asks for a sharing setting on a GPU that a prepared claim holds with another one. The
 * kubelet retries; it succeeds once the other claim is released.
 */
public class SharingConflictException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public SharingConflictException(String message) {
    super(message);
  }
}
