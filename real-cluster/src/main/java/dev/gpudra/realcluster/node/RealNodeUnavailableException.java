package dev.gpudra.realcluster.node;

/**
 * A real node cannot be had on this machine (not root, runc, CNI plugins, busybox or Go missing);
 * the message says what is missing in one line.
 */
public final class RealNodeUnavailableException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public RealNodeUnavailableException(String message) {
    super(message);
  }
}
