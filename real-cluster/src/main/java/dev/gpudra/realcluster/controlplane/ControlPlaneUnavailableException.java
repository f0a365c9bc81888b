package dev.gpudra.realcluster.controlplane;

/**
 * The real control plane cannot be had on this machine (Go is missing, the build failed). Tests
 * skip on it; the message is one line naming what is missing.
 */
public final class ControlPlaneUnavailableException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ControlPlaneUnavailableException(String message) {
    super(message);
  }
}
