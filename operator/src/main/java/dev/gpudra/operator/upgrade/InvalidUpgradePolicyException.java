package dev.gpudra.operator.upgrade;

/**
 * {@code driver.upgradePolicy} says something the operator cannot act on; the message names the
 * field.
 */
public final class InvalidUpgradePolicyException extends RuntimeException {
  InvalidUpgradePolicyException(String message) {
    super(message);
  }
}
