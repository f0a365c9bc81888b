package dev.gpudra.deviceplugin.config;

/** A device-plugin config that cannot be used, naming where (file, env or flag) and which field. */
public final class InvalidPluginConfigException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public InvalidPluginConfigException(String message) {
    super(message);
  }

  public InvalidPluginConfigException(String message, Throwable cause) {
    super(message, cause);
  }
}
