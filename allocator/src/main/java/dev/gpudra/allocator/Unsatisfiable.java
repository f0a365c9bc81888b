package dev.gpudra.allocator;

import java.util.Objects;

/**
 * The claim cannot be allocated on the node.
 *
 * @param reason the kind of failure
 * @param request the request it is about ({@code req} or {@code req/sub}); empty for the claim
 * @param message one line for people
 * @param explanation the devices considered
 */
public record Unsatisfiable(
    FailureReason reason, String request, String message, Explanation explanation)
    implements AllocationOutcome {

  public Unsatisfiable {
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(explanation, "explanation");
  }
}
