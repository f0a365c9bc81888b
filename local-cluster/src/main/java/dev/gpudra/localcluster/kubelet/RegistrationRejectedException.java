package dev.gpudra.localcluster.kubelet;

/** The stand-in refused a plugin, for the reason the kubelet would give. */
public final class RegistrationRejectedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public RegistrationRejectedException(String message) {
    super(message);
  }
}
