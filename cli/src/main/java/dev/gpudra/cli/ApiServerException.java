package dev.gpudra.cli;

/**
 * The API server could not be reached, or refused what a command asked: the message names the
 * server's URL, the context, the request and the reason, on one line.
 */
final class ApiServerException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  ApiServerException(String message, Throwable cause) {
    super(message, cause);
  }
}
