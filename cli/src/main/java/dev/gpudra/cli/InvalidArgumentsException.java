package dev.gpudra.cli;

/** A flag or environment value that parsed but makes no sense; exits with code 2. */
final class InvalidArgumentsException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  InvalidArgumentsException(String message) {
    super(message);
  }
}
