package dev.gpudra.bench.deviceplugin;

/** The plugin process did not register and list its devices in time, or exited first. */
public final class PluginStartException extends RuntimeException {
  PluginStartException(String message) {
    super(message);
  }

  PluginStartException(String message, Throwable cause) {
    super(message, cause);
  }
}
