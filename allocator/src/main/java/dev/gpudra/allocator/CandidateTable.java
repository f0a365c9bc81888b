package dev.gpudra.allocator;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The static half of the work: every device of the node's pools checked once against every request
 * and subrequest, in iteration order, and the search plan that follows from it.
 */
final class CandidateTable {

  /**
   * What the search may try for one request or subrequest.
   *
   * @param candidates ExactCount: usable devices, in order, up to the first invalid pool; All:
   *     every device the selectors match
   * @param blocked All only: members allocated to another claim or short of capacity (the request
   *     cannot succeed)
   * @param endsAtInvalidPool whether an invalid pool follows the candidates; running past the last
   *     one then fails the allocation, as in the scheduler
   * @param selectorError the first device whose selectors fail at run time, where the search meets
   *     it: reaching it aborts the allocation, as in the scheduler
   */
  record Plan(
      List<Candidate> candidates,
      Set<DeviceId> blocked,
      boolean endsAtInvalidPool,
      Optional<SelectorFailure> selectorError) {}

  /**
   * A selector runtime error in the iteration order.
   *
   * @param position how many candidates come before the failing device
   * @param check the failing device and the error
   */
  record SelectorFailure(int position, CandidateExplanation check) {}

  private record Row(List<CandidateExplanation> checks, Plan plan, long needed, long matching) {}

  private final Map<String, Row> rows;
  private final Map<DeviceId, Candidate> devices;

  private CandidateTable(Map<String, Row> rows, Map<DeviceId, Candidate> devices) {
    this.rows = rows;
    this.devices = devices;
  }

  static CandidateTable build(
      List<ClaimRequest> requests, List<Pool> pools, DeviceMatcher matcher) {
    Map<String, Row> rows = new HashMap<>();
    for (ClaimRequest request : requests) {
      for (RequestSpec spec : request.alternatives()) {
        rows.put(spec.name(), row(spec, pools, matcher));
      }
    }
    Map<DeviceId, Candidate> devices = new HashMap<>();
    pools.forEach(p -> p.candidates().forEach(c -> devices.putIfAbsent(c.id(), c)));
    return new CandidateTable(rows, devices);
  }

  private static Row row(RequestSpec spec, List<Pool> pools, DeviceMatcher matcher) {
    List<CandidateExplanation> checks = new ArrayList<>();
    List<Candidate> candidates = new ArrayList<>();
    Set<DeviceId> blocked = new HashSet<>();
    boolean beforeInvalid = true;
    boolean all = spec.mode() == AllocationMode.ALL;
    Optional<SelectorFailure> error = Optional.empty();
    for (Pool pool : pools) {
      beforeInvalid &= all || !pool.invalid();
      for (Candidate candidate : pool.candidates()) {
        CandidateExplanation check = matcher.check(spec, candidate, pool);
        checks.add(check);
        if (error.isEmpty() && beforeInvalid && matcher.evaluatedByScheduler(spec, check)) {
          error = Optional.of(new SelectorFailure(candidates.size(), check));
        }
        // All takes every device the selectors pick: one held, short, or tainted against the
        // request fails it, as kube-scheduler's allocator (a device that matched is allocated, and
        // its taint check fails there)
        boolean taken =
            heldOrShort(check.outcome()) || (all && check.outcome() == CandidateOutcome.TAINTED);
        boolean member = check.outcome() == CandidateOutcome.MATCHED || (all && taken);
        if (member && beforeInvalid) {
          candidates.add(candidate);
        }
        if (member && taken) {
          blocked.add(candidate.id());
        }
      }
    }
    long matching = candidates.size() - blocked.size();
    long needed = all ? Math.max(1, candidates.size()) : spec.count();
    Plan plan = new Plan(List.copyOf(candidates), Set.copyOf(blocked), !beforeInvalid, error);
    return new Row(List.copyOf(checks), plan, needed, matching);
  }

  /**
   * An All request must get every device its selectors match: one held by another claim, or short
   * of the capacity the request asks, makes it fail rather than be skipped.
   */
  private static boolean heldOrShort(CandidateOutcome outcome) {
    return outcome == CandidateOutcome.ALREADY_ALLOCATED
        || outcome == CandidateOutcome.CAPACITY
        || outcome == CandidateOutcome.CAPACITY_IN_USE;
  }

  Candidate candidate(DeviceId id) {
    return devices.get(id);
  }

  List<CandidateExplanation> checks(RequestSpec spec) {
    return rows.get(spec.name()).checks();
  }

  Plan plan(RequestSpec spec) {
    return rows.get(spec.name()).plan();
  }

  /** Devices needed: {@code count}, or for All the selector matches (at least one). */
  long needed(RequestSpec spec) {
    return rows.get(spec.name()).needed();
  }

  /** Devices usable on their own: selectors match, not allocated elsewhere. */
  long matching(RequestSpec spec) {
    return rows.get(spec.name()).matching();
  }

  boolean enoughOnItsOwn(RequestSpec spec) {
    return matching(spec) >= needed(spec);
  }
}
