package dev.gpudra.allocator;

import dev.gpudra.allocator.AttributeConstraint.Choice;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceCapacity;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Consumable capacity for one allocation: what each request would consume of each device ({@link
 * CapacityDemand}, computed once per pair), and whether a device that allows multiple allocations
 * still has it, after the shares of other claims and of the devices this claim chose so far.
 */
final class CapacityLedger {
  private final DevicesInUse inUse;
  private final Map<String, CapacityDemand> demands = new HashMap<>();

  CapacityLedger(DevicesInUse inUse) {
    this.inUse = inUse;
  }

  static boolean shareable(Candidate candidate) {
    return Boolean.TRUE.equals(candidate.device().getAllowMultipleAllocations());
  }

  CapacityDemand demand(RequestSpec spec, Candidate candidate) {
    return demands.computeIfAbsent(
        spec.name() + "\u0000" + candidate.id(), k -> CapacityDemand.of(spec, candidate));
  }

  /** Why the device cannot serve the request whatever this claim chooses, if it cannot. */
  Optional<CandidateExplanation> misfit(RequestSpec spec, Candidate candidate) {
    CapacityDemand demand = demand(spec, candidate);
    if (!demand.fits()) {
      return Optional.of(
          new CandidateExplanation(
              candidate.id(), CandidateOutcome.CAPACITY, demand.misfit().get()));
    }
    return shortage(spec, candidate, List.of(), "other claims' shares")
        .map(
            why -> new CandidateExplanation(candidate.id(), CandidateOutcome.CAPACITY_IN_USE, why));
  }

  /**
   * Why a shared device has too little left for the request once the shares this claim chose so far
   * are added to other claims', if it has.
   */
  Optional<String> shortage(RequestSpec spec, Candidate candidate, List<Choice> chosen) {
    return shortage(spec, candidate, chosen, "other claims' and this claim's shares");
  }

  private Optional<String> shortage(
      RequestSpec spec, Candidate candidate, List<Choice> chosen, String whose) {
    if (!shareable(candidate)) {
      return Optional.empty();
    }
    CapacityDemand demand = demand(spec, candidate);
    Map<String, DeviceCapacity> capacities = candidate.device().getCapacity();
    for (String name : demand.amounts().keySet()) {
      BigDecimal taken = inUse.consumed(candidate.id(), name);
      for (Choice choice : chosen) {
        if (choice.candidate().id().equals(candidate.id())) {
          taken = taken.add(demand(choice.spec(), choice.candidate()).amount(name));
        }
      }
      BigDecimal total = capacities.get(name).getValue().getNumericalAmount();
      if (taken.add(demand.amount(name)).compareTo(total) > 0) {
        Quantity style = capacities.get(name).getValue();
        return Optional.of(
            "capacity %s: %s consume %s of %s, the request needs %s"
                .formatted(
                    name,
                    whose,
                    CapacityPolicies.quantity(taken, style),
                    capacities.get(name).getValue(),
                    demand.amounts().get(name)));
      }
    }
    return Optional.empty();
  }
}
