package dev.gpudra.allocator;

import java.util.List;
import java.util.Objects;

/**
 * One request (or one {@code firstAvailable} subrequest) and every device considered for it.
 *
 * @param request {@code req}, or {@code req/sub} for a subrequest
 * @param deviceClass the DeviceClass it names
 * @param mode ExactCount or All
 * @param needed devices needed: {@code count}, or for All every device the selectors match
 *     (allocated or not), and at least one
 * @param matching devices usable on their own (selectors match, not allocated elsewhere)
 * @param outcome whether it was allocated
 * @param candidates every device of the node's pools, in the scheduler's iteration order
 */
public record RequestExplanation(
    String request,
    String deviceClass,
    AllocationMode mode,
    long needed,
    long matching,
    RequestOutcome outcome,
    List<CandidateExplanation> candidates) {

  public RequestExplanation {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(deviceClass, "deviceClass");
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(outcome, "outcome");
    candidates = List.copyOf(Objects.requireNonNull(candidates, "candidates"));
  }

  /** {@code "N devices match, M needed"}. */
  public String summary() {
    return summary(matching, needed);
  }

  static String summary(long matching, long needed) {
    return matching
        + (matching == 1 ? " device matches, " : " devices match, ")
        + needed
        + " needed";
  }
}
