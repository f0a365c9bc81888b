package dev.gpudra.localcluster.kubelet;

/**
 * A DRA call failed as a whole, as the kubelet sees it: a gRPC error, a response naming a claim
 * that was not requested, or a response that skipped claims.
 */
public final class DraCallException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public DraCallException(String message) {
    super(message);
  }

  public DraCallException(String message, Throwable cause) {
    super(message, cause);
  }
}
