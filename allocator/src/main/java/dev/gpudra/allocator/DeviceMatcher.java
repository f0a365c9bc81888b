package dev.gpudra.allocator;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The checks on one device for one request that do not depend on other choices: the pool, gated
 * features, class selectors, request selectors, device taints (published, or added by a
 * DeviceTaintRule) the request does not tolerate, compatibility groups and shared counters of other
 * claims' devices, consumable capacity (what the device has, what its policy allows, what other
 * claims' shares left), then whether another claim holds it whole.
 *
 * <p>A selector error makes the device not match and is recorded, so that the explanation shows
 * every device; whether it also aborts the allocation, as in the scheduler, depends on whether the
 * search reaches the device ({@link #evaluatedByScheduler}).
 */
final class DeviceMatcher {

  private final SelectorEvaluator evaluator;
  private final Set<DeviceId> allocatedElsewhere;
  private final CounterLedger counters;
  private final GroupLedger groups;
  private final CapacityLedger capacity;
  private final DeviceTaints taints;

  /**
   * @param taints the devices' taints, with those DeviceTaintRules add
   */
  DeviceMatcher(
      SelectorEvaluator evaluator,
      Set<DeviceId> allocatedElsewhere,
      Ledgers ledgers,
      DeviceTaints taints) {
    this.evaluator = evaluator;
    this.allocatedElsewhere = allocatedElsewhere;
    this.counters = ledgers.counters();
    this.groups = ledgers.groups();
    this.capacity = ledgers.capacity();
    this.taints = taints;
  }

  CandidateExplanation check(RequestSpec spec, Candidate candidate, Pool pool) {
    Optional<CandidateExplanation> rejection =
        poolRejection(candidate, pool)
            .or(() -> classRejection(spec, candidate))
            .or(() -> requestRejection(spec, candidate))
            .or(() -> taintRejection(spec, candidate))
            .or(() -> groupRejection(candidate))
            .or(() -> counterRejection(candidate))
            .or(() -> capacity.misfit(spec, candidate));
    if (rejection.isPresent()) {
      return rejection.get();
    }
    if (!spec.admin() && allocatedElsewhere.contains(candidate.id())) {
      return reject(candidate, CandidateOutcome.ALREADY_ALLOCATED, "allocated to another claim");
    }
    return new CandidateExplanation(candidate.id(), CandidateOutcome.MATCHED, "");
  }

  /**
   * Whether this check is a selector runtime error that the scheduler would hit: for All it
   * evaluates every device; otherwise it skips devices other claims hold before evaluating.
   */
  boolean evaluatedByScheduler(RequestSpec spec, CandidateExplanation check) {
    if (check.outcome() != CandidateOutcome.SELECTOR_ERROR) {
      return false;
    }
    return spec.mode() == AllocationMode.ALL
        || spec.admin()
        || !allocatedElsewhere.contains(check.device());
  }

  private static Optional<CandidateExplanation> poolRejection(Candidate candidate, Pool pool) {
    if (!pool.invalid()) {
      return Optional.empty();
    }
    return Optional.of(
        reject(
            candidate,
            CandidateOutcome.POOL_INVALID,
            "pool is invalid: " + pool.status().detail()));
  }

  private Optional<CandidateExplanation> classRejection(RequestSpec spec, Candidate candidate) {
    String owner = "DeviceClass " + spec.className();
    List<String> selectors =
        spec.deviceClass().getSpec() == null
            ? List.of()
            : RequestReader.selectors(owner, spec.deviceClass().getSpec().getSelectors());
    return firstFailing(owner, selectors, candidate, CandidateOutcome.CLASS_SELECTOR);
  }

  private Optional<CandidateExplanation> requestRejection(RequestSpec spec, Candidate candidate) {
    String owner = "request " + spec.name();
    return firstFailing(owner, spec.selectors(), candidate, CandidateOutcome.REQUEST_SELECTOR);
  }

  /** Other claims' devices on a counter set it consumes share none of its compatibility groups. */
  private Optional<CandidateExplanation> groupRejection(Candidate candidate) {
    return groups
        .conflictWithOthers(candidate)
        .map(why -> reject(candidate, CandidateOutcome.GROUPS_IN_USE, why));
  }

  /** Other claims' devices leave too little of a shared counter it consumes. */
  private Optional<CandidateExplanation> counterRejection(Candidate candidate) {
    return counters
        .shortage(candidate, List.of())
        .map(why -> reject(candidate, CandidateOutcome.COUNTERS_IN_USE, why));
  }

  private Optional<CandidateExplanation> taintRejection(RequestSpec spec, Candidate candidate) {
    return Tolerations.untolerated(taints.of(candidate), spec.tolerations())
        .map(t ->
            reject(
                candidate,
                CandidateOutcome.TAINTED,
                "taint " + t.describe() + " is not tolerated by request " + spec.name()));
  }

  private Optional<CandidateExplanation> firstFailing(
      String owner, List<String> selectors, Candidate candidate, CandidateOutcome onFalse) {
    for (int i = 0; i < selectors.size(); i++) {
      String expression = selectors.get(i);
      Verdict verdict = evaluator.evaluate(expression, candidate.id().driver(), candidate.device());
      String where = owner + " selector #" + i + " (" + expression + ")";
      switch (verdict.kind()) {
        case MATCH -> {}
        case NO_MATCH -> {
          return Optional.of(reject(candidate, onFalse, where + " is false"));
        }
        case ERROR -> {
          return Optional.of(
              reject(candidate, CandidateOutcome.SELECTOR_ERROR, where + ": " + verdict.message()));
        }
      }
    }
    return Optional.empty();
  }

  private static CandidateExplanation reject(
      Candidate candidate, CandidateOutcome outcome, String reason) {
    return new CandidateExplanation(candidate.id(), outcome, reason);
  }
}
