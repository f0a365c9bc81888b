package dev.gpudra.deviceplugin.mps;

/** A resource's MPS control daemon could not be started or set up. */
public final class MpsStartException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public MpsStartException(String message, Throwable cause) {
    super(message, cause);
  }
}
