package dev.gpudra.deviceclasses.explain;

import dev.gpudra.deviceclasses.allocation.Allocation;
import dev.gpudra.deviceclasses.allocation.AllocationOutcome;
import java.util.List;
import java.util.Objects;

/**
 * One claim's answer on every node considered.
 *
 * @param claim how the user named it: {@code ResourceClaim ns/name}, {@code Pod ns/name claim gpu}
 * @param outcomes one per node, in node order
 */
public record ClaimReport(String claim, List<AllocationOutcome> outcomes) {
  public ClaimReport {
    Objects.requireNonNull(claim, "claim");
    outcomes = List.copyOf(outcomes);
  }

  public long nodesThatFit() {
    return outcomes.stream().filter(o -> o instanceof Allocation).count();
  }
}
