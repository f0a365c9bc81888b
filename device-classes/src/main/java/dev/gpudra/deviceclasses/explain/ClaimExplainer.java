package dev.gpudra.deviceclasses.explain;

import dev.gpudra.deviceclasses.allocation.AllocationOutcome;
import dev.gpudra.deviceclasses.allocation.Allocator;
import dev.gpudra.deviceclasses.allocation.CandidateNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Runs the allocator for every claim on every node and collects the explanations. */
public final class ClaimExplainer {
  private final Allocator allocator;

  public ClaimExplainer(Allocator allocator) {
    this.allocator = Objects.requireNonNull(allocator, "allocator");
  }

  /**
   * @throws IllegalArgumentException when a Pod refers to a claim or template that is not given
   */
  public List<ClaimReport> explain(ExplainInput input) {
    List<ClaimReport> reports = new ArrayList<>();
    for (ClaimSources.NamedClaim claim : new ClaimSources(input.objects()).claims()) {
      List<AllocationOutcome> outcomes = new ArrayList<>();
      for (CandidateNode node : input.nodes()) {
        outcomes.add(allocator.allocate(claim.claim(), input.cluster(), node));
      }
      reports.add(new ClaimReport(claim.label(), outcomes));
    }
    return reports;
  }
}
