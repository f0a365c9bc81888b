package dev.gpudra.deviceplugin.mps;

/** The MPS control daemons the plugin's config needs did not come up in time. */
public final class MpsNotReadyException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public MpsNotReadyException(String message) {
    super(message);
  }
}
