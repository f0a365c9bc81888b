package dev.gpudra.computedomain.node;

/** A device IMEX needs is not provided by this node's driver, or its numbers cannot be read. */
public final class ImexDeviceException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ImexDeviceException(String message) {
    super(message);
  }

  public ImexDeviceException(String message, Throwable cause) {
    super(message, cause);
  }
}
