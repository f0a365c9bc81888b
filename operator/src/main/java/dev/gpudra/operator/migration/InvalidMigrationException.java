package dev.gpudra.operator.migration;

/**
 * {@code spec.migration} says something the operator cannot act on; the message names the field.
 */
public final class InvalidMigrationException extends RuntimeException {
  InvalidMigrationException(String message) {
    super(message);
  }
}
