package dev.gpudra.allocator;

import dev.gpudra.allocator.AttributeConstraint.Choice;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The scheduler's first-fit backtracking search for one claim: requests in claim order, for each
 * the {@code firstAvailable} subrequests in order, for each needed device the candidates in pool,
 * slice and device order; a device that breaks a constraint is skipped, and when a later request
 * cannot be satisfied, earlier choices are revisited. The first full solution wins.
 *
 * <p>Devices for one request are tried as combinations (each next device after the previous one).
 * The scheduler tries permutations; because constraints and availability depend only on the set of
 * devices, the first solution is the same. One instance serves one allocation.
 */
final class Search {

  /** The most devices one allocation result may hold ({@code AllocationResultsMaxSize}). */
  static final int MAX_RESULTS = 32;

  private final List<ClaimRequest> requests;
  private final CandidateTable table;
  private final List<AttributeConstraint> constraints;
  private final CounterLedger counters;
  private final GroupLedger groups;
  private final CapacityLedger capacity;
  private final long maxSteps;
  private final List<Choice> chosen = new ArrayList<>();
  private final Map<String, Integer> selected = new HashMap<>();
  private final Map<String, Map<DeviceId, CandidateExplanation>> rejections = new HashMap<>();
  private long steps;
  private boolean succeeded;

  Search(
      List<ClaimRequest> requests,
      CandidateTable table,
      List<AttributeConstraint> constraints,
      Ledgers ledgers,
      long maxSteps) {
    this.requests = requests;
    this.table = table;
    this.constraints = constraints;
    this.counters = ledgers.counters();
    this.groups = ledgers.groups();
    this.capacity = ledgers.capacity();
    this.maxSteps = maxSteps;
  }

  /** Runs the search; true when every request got its devices. */
  boolean run() {
    succeeded = request(0);
    return succeeded;
  }

  boolean succeeded() {
    return succeeded;
  }

  /** The devices chosen, in request order; empty unless {@link #run()} succeeded. */
  List<Choice> chosen() {
    return List.copyOf(chosen);
  }

  /** The index of the alternative allocated for a request, once {@link #run()} succeeded. */
  OptionalInt selected(String request) {
    Integer index = selected.get(request);
    return index == null ? OptionalInt.empty() : OptionalInt.of(index);
  }

  /** The first time a failed search turned this device down for this request or subrequest. */
  Optional<CandidateExplanation> rejection(RequestSpec spec, DeviceId device) {
    return Optional.ofNullable(rejections.getOrDefault(spec.name(), Map.of()).get(device));
  }

  private boolean request(int index) {
    if (index == requests.size()) {
      return true;
    }
    ClaimRequest request = requests.get(index);
    for (int i = 0; i < request.alternatives().size(); i++) {
      RequestSpec spec = request.alternatives().get(i);
      boolean done =
          spec.mode() == AllocationMode.ALL ? all(index, spec) : exactly(index, spec, 0, 0);
      if (done) {
        selected.put(request.name(), i);
        return true;
      }
    }
    return false;
  }

  private boolean exactly(int index, RequestSpec spec, long picked, int from) {
    if (picked == spec.count()) {
      return request(index + 1);
    }
    if (picked == 0 && chosen.size() + spec.count() > MAX_RESULTS) {
      return false;
    }
    CandidateTable.Plan plan = table.plan(spec);
    for (int i = from; i < plan.candidates().size(); i++) {
      abortPast(spec, plan, i);
      Candidate candidate = plan.candidates().get(i);
      if (admissible(spec, candidate)) {
        chosen.add(new Choice(spec, candidate));
        if (exactly(index, spec, picked + 1, i + 1)) {
          return true;
        }
        chosen.remove(chosen.size() - 1);
      }
    }
    abortPast(spec, plan, plan.candidates().size());
    if (plan.endsAtInvalidPool()) {
      throw new UnsatisfiableException(
          FailureReason.INVALID_POOL,
          spec.name(),
          "request " + spec.name() + ": the search reached a pool with duplicate device names");
    }
    return false;
  }

  /** Looking at candidate {@code next} means the device with a selector error was looked at. */
  private static void abortPast(RequestSpec spec, CandidateTable.Plan plan, int next) {
    if (plan.selectorError().isPresent() && next >= plan.selectorError().get().position()) {
      throw selectorError(spec, plan.selectorError().get());
    }
  }

  static UnsatisfiableException selectorError(
      RequestSpec spec, CandidateTable.SelectorFailure failure) {
    return new UnsatisfiableException(
        FailureReason.SELECTOR_ERROR,
        spec.name(),
        "request "
            + spec.name()
            + ": CEL runtime error on "
            + failure.check().device()
            + ": "
            + failure.check().reason());
  }

  private boolean all(int index, RequestSpec spec) {
    CandidateTable.Plan plan = table.plan(spec);
    int mark = chosen.size();
    if (plan.candidates().isEmpty()
        || !plan.blocked().isEmpty()
        || mark + plan.candidates().size() > MAX_RESULTS) {
      return false;
    }
    for (Candidate candidate : plan.candidates()) {
      if (!admissible(spec, candidate)) {
        truncate(mark);
        return false;
      }
      chosen.add(new Choice(spec, candidate));
    }
    if (request(index + 1)) {
      return true;
    }
    truncate(mark);
    return false;
  }

  /** In use by this claim, or breaking a constraint, means no; the first such answer is kept. */
  private boolean admissible(RequestSpec spec, Candidate candidate) {
    if (++steps > maxSteps) {
      throw new UnsatisfiableException(
          FailureReason.SEARCH_LIMIT, "", "gave up after " + maxSteps + " search steps");
    }
    Optional<CandidateExplanation> rejection = rejectionNow(spec, candidate);
    if (rejection.isEmpty()) {
      return true;
    }
    if (spec.mode() == AllocationMode.ALL
        && rejection.get().outcome() == CandidateOutcome.CONSTRAINT) {
      throw new UnsatisfiableException(
          FailureReason.CONSTRAINT_EXCLUDES_ALL,
          spec.name(),
          "request "
              + spec.name()
              + " needs "
              + candidate.id()
              + ", but "
              + rejection.get().reason());
    }
    rejections
        .computeIfAbsent(spec.name(), k -> new HashMap<>())
        .putIfAbsent(candidate.id(), rejection.get());
    return false;
  }

  /**
   * Why {@code candidate} cannot join the devices chosen so far for {@code spec}, if it cannot:
   * another request of the claim holds it (unless it allows multiple allocations), its counters or
   * shared capacity are used up, or a constraint rules it out. After a successful run this answers
   * against the final allocation.
   */
  Optional<CandidateExplanation> rejectionNow(RequestSpec spec, Candidate candidate) {
    Optional<Choice> holder =
        chosen.stream().filter(c -> c.candidate().id().equals(candidate.id())).findFirst();
    if (holder.isPresent() && !CapacityLedger.shareable(candidate)) {
      return Optional.of(
          new CandidateExplanation(
              candidate.id(),
              CandidateOutcome.TAKEN_BY_CLAIM,
              "chosen for request " + holder.get().spec().name()));
    }
    Optional<String> conflict = groups.conflict(candidate, chosen);
    if (conflict.isPresent()) {
      return Optional.of(
          new CandidateExplanation(
              candidate.id(), CandidateOutcome.GROUPS_TAKEN_BY_CLAIM, conflict.get()));
    }
    Optional<String> shortage = counters.shortage(candidate, chosen);
    if (shortage.isPresent()) {
      return Optional.of(
          new CandidateExplanation(
              candidate.id(), CandidateOutcome.COUNTERS_TAKEN_BY_CLAIM, shortage.get()));
    }
    Optional<String> shares = capacity.shortage(spec, candidate, chosen);
    if (shares.isPresent()) {
      return Optional.of(
          new CandidateExplanation(
              candidate.id(), CandidateOutcome.CAPACITY_TAKEN_BY_CLAIM, shares.get()));
    }
    for (AttributeConstraint constraint : constraints) {
      Optional<String> violation = constraint.violation(spec, candidate, chosen);
      if (violation.isPresent()) {
        return Optional.of(
            new CandidateExplanation(candidate.id(), CandidateOutcome.CONSTRAINT, violation.get()));
      }
    }
    return Optional.empty();
  }

  private void truncate(int size) {
    chosen.subList(size, chosen.size()).clear();
  }
}
