package dev.gpudra.allocator.explain;

import dev.gpudra.allocator.Allocation;
import dev.gpudra.allocator.AllocationOutcome;
import dev.gpudra.allocator.FailureReason;
import dev.gpudra.allocator.Unsatisfiable;
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

  /**
   * The first CEL runtime error the scheduler would meet: it filters every node and aborts the
   * whole attempt on such an error (PodScheduled=False, SchedulerError), even where a node fits.
   */
  public java.util.Optional<Unsatisfiable> abortingError() {
    return outcomes.stream()
        .filter(o -> o instanceof Unsatisfiable u && u.reason() == FailureReason.SELECTOR_ERROR)
        .map(Unsatisfiable.class::cast)
        .findFirst();
  }
}
