package dev.gpudra.imagepush;

/** A push that cannot be done or did not finish, with a message that says why and what to do. */
public final class PushException extends Exception {
  public PushException(String message) {
    super(message);
  }

  public PushException(String message, Throwable cause) {
    super(message, cause);
  }
}
