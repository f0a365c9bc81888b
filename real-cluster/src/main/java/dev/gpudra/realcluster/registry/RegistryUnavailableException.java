package dev.gpudra.realcluster.registry;

/** The registry cannot be built or started here; the message says why in one line. */
public final class RegistryUnavailableException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public RegistryUnavailableException(String message) {
    super(message);
  }
}
