package dev.gpudra.imagepush;

/**
 * A push or pull that cannot be done or did not finish, with a message that says why and what to
 * do.
 */
public final class ImageException extends Exception {
  public ImageException(String message) {
    super(message);
  }

  public ImageException(String message, Throwable cause) {
    super(message, cause);
  }
}
