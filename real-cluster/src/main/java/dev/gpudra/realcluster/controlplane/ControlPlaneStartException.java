package dev.gpudra.realcluster.controlplane;

/** gpu-dra-testcluster was there but did not become ready; the message is its one-line reason. */
public final class ControlPlaneStartException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ControlPlaneStartException(String message) {
    super(message);
  }
}
