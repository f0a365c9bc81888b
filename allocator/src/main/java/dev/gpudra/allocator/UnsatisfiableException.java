package dev.gpudra.allocator;

/**
 * Ends an allocation early, the way the scheduler's allocator returns an error; {@link Allocator}
 * turns it into an {@link Unsatisfiable} outcome and never lets it escape.
 */
final class UnsatisfiableException extends RuntimeException {

  private final FailureReason reason;
  private final String request;

  UnsatisfiableException(FailureReason reason, String request, String message) {
    super(message, null, false, false);
    this.reason = reason;
    this.request = request;
  }

  FailureReason reason() {
    return reason;
  }

  String request() {
    return request;
  }
}
