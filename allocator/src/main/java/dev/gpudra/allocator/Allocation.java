package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.resource.v1.AllocationResult;
import java.util.Objects;

/**
 * A successful allocation.
 *
 * @param result what the scheduler would write to {@code status.allocation}; a fresh object per
 *     call, owned by the caller
 * @param explanation how it was found
 */
public record Allocation(AllocationResult result, Explanation explanation)
    implements AllocationOutcome {

  public Allocation {
    Objects.requireNonNull(result, "result");
    Objects.requireNonNull(explanation, "explanation");
  }
}
