package dev.gpudra.allocator;

import java.util.Objects;

/**
 * One device considered for one request.
 *
 * @param device the device
 * @param outcome chosen, matched, or the first check that rejected it
 * @param reason why, in words (the selector and its CEL error, the constraint and the values);
 *     empty for {@link CandidateOutcome#CHOSEN} and {@link CandidateOutcome#MATCHED}
 */
public record CandidateExplanation(DeviceId device, CandidateOutcome outcome, String reason) {

  public CandidateExplanation {
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(reason, "reason");
  }
}
