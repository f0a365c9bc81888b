package dev.gpudra.allocator;

/** The answer for one claim on one node: an allocation, or why not; explained either way. */
public sealed interface AllocationOutcome permits Allocation, Unsatisfiable {

  Explanation explanation();
}
