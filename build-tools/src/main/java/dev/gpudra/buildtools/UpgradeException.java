package dev.gpudra.buildtools;

/** A jar or class file that cannot be rewritten; the message names it and says why. */
public final class UpgradeException extends RuntimeException {
  public UpgradeException(String message) {
    super(message);
  }

  public UpgradeException(String message, Throwable cause) {
    super(message, cause);
  }
}
