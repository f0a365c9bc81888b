package dev.gpudra.computedomain.prepare;

/**
 * A compute-domain claim cannot be prepared (now): its message says why, naming the claim, the
 * domain and the field, and whether the kubelet's retry can succeed.
 */
public final class DomainClaimException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public DomainClaimException(String message) {
    super(message);
  }

  public DomainClaimException(String message, Throwable cause) {
    super(message, cause);
  }
}
