package dev.gpudra.localcluster.api;

/**
 * An object refused under {@code fieldValidation=Strict}: it has fields its schema does not
 * declare, or no schema is known to check it against. Thrown where the object is stored, answered
 * as 400 BadRequest by the request handlers.
 */
final class UnknownFieldsException extends RuntimeException {
  UnknownFieldsException(String message) {
    super(message, null, false, false);
  }
}
