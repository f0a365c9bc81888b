package dev.gpudra.realcluster.node;

/** A component of the real node failed to start or become ready; the message says which. */
public final class RealNodeStartException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public RealNodeStartException(String message) {
    super(message);
  }
}
