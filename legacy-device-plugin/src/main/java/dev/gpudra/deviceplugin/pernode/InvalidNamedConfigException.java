package dev.gpudra.deviceplugin.pernode;

/** No config can be chosen: the label names no file, or no default or fallback applies. */
public final class InvalidNamedConfigException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public InvalidNamedConfigException(String message) {
    super(message);
  }
}
