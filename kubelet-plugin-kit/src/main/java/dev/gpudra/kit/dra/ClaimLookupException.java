package dev.gpudra.kit.dra;

/** A requested claim cannot be prepared as it stands in the API: missing, replaced, unallocated. */
public final class ClaimLookupException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ClaimLookupException(String message) {
    super(message);
  }

  public ClaimLookupException(String message, Throwable cause) {
    super(message, cause);
  }
}
