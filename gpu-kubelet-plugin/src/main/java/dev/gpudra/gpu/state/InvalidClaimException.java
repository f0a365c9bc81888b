package dev.gpudra.gpu.state;

/** A claim that cannot be prepared as it stands, e.g. one without an allocation. Permanent. */
public class InvalidClaimException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public InvalidClaimException(String message) {
    super(message);
  }
}
