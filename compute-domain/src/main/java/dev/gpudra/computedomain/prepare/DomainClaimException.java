package dev.gpudra.computedomain.prepare;

/**
 * A compute-domain claim cannot be prepared (now): its message says why, naming the claim, the
 * domain and the field, and whether the kubelet's retry can succeed.
 */
public final class DomainClaimException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final boolean retryable;

  public DomainClaimException(String message) {
    this(message, null, false);
  }

  public DomainClaimException(String message, Throwable cause) {
    this(message, cause, false);
  }

  private DomainClaimException(String message, Throwable cause, boolean retryable) {
    super(message, cause);
    this.retryable = retryable;
  }

  /** A failure that passes by itself soon (a daemon becoming Ready): tried again. */
  public static DomainClaimException retryable(String message) {
    return new DomainClaimException(message, null, true);
  }

  public boolean retryable() {
    return retryable;
  }
}
