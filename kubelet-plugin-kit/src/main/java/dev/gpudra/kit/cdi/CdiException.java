package dev.gpudra.kit.cdi;

/** A CDI spec could not be built or written (device capability lookup, file I/O). */
public class CdiException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public CdiException(String message) {
    super(message);
  }

  public CdiException(String message, Throwable cause) {
    super(message, cause);
  }
}
