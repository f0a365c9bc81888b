package dev.gpudra.deviceplugin.devices;

/** The node's MIG layout breaks a rule of the configured MIG strategy (NVIDIA's checks). */
public final class MigLayoutException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public MigLayoutException(String message) {
    super("flags.migStrategy: " + message);
  }
}
