package dev.gpudra.computedomain.imex;

/** nvidia-imex or nvidia-imex-ctl could not be run; the message says which and why. */
public final class ImexException extends RuntimeException {
  public ImexException(String message, Throwable cause) {
    super(message, cause);
  }
}
