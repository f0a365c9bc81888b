package dev.gpudra.kit.mount;

/** A mount or unmount failed; the message names the path and errno. */
public final class MountException extends RuntimeException {
  public MountException(String message, Throwable cause) {
    super(message, cause);
  }
}
