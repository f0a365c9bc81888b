package dev.gpudra.webhook.admission;

import java.util.Objects;

/**
 * The answer to one review.
 *
 * @param outcome allowed, or why not
 * @param message empty when allowed
 */
public record Verdict(Outcome outcome, String message) {

  /** Allowed, or the {@code metav1.Status} reason of a denial. */
  public enum Outcome {
    ALLOWED(""),
    /** A config fails to decode or validate. */
    INVALID("Invalid"),
    /** The review is for something this webhook does not judge, or its object is unreadable. */
    BAD_REQUEST("BadRequest");

    private final String reason;

    Outcome(String reason) {
      this.reason = reason;
    }

    /** The {@code status.reason} of the response. */
    public String reason() {
      return reason;
    }
  }

  public Verdict {
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(message, "message");
  }

  public static Verdict allow() {
    return new Verdict(Outcome.ALLOWED, "");
  }

  public static Verdict invalid(String message) {
    return new Verdict(Outcome.INVALID, message);
  }

  public static Verdict badRequest(String message) {
    return new Verdict(Outcome.BAD_REQUEST, message);
  }

  public boolean allowed() {
    return outcome == Outcome.ALLOWED;
  }
}
