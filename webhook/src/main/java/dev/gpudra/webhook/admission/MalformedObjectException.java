package dev.gpudra.webhook.admission;

/** The reviewed object does not have the shape of a ResourceClaim or ResourceClaimTemplate. */
class MalformedObjectException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  MalformedObjectException(String message) {
    super(message);
  }
}
