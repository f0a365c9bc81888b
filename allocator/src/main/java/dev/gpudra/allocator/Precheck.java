package dev.gpudra.allocator;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Failures decided without searching: the scheduler's up-front checks, and, after a failed search,
 * which request to blame.
 */
final class Precheck {

  private Precheck() {}

  /**
   * Like the scheduler: a request or subrequest for All fails while any of the node's pools is
   * incomplete or invalid (even a pool of another driver) or when a selector fails at run time on
   * any device, and a claim whose smallest possible allocation exceeds 32 devices fails.
   */
  static void run(List<ClaimRequest> requests, List<Pool> pools, CandidateTable table) {
    long minimum = 0;
    for (ClaimRequest request : requests) {
      long fewest = Long.MAX_VALUE;
      for (RequestSpec spec : request.alternatives()) {
        if (spec.mode() == AllocationMode.ALL) {
          requireUsablePools(spec, pools);
          // the scheduler lists an All request's devices up front: any selector error aborts
          var error = table.plan(spec).selectorError();
          if (error.isPresent()) {
            throw Search.selectorError(spec, error.get());
          }
        }
        fewest = Math.min(fewest, table.needed(spec));
      }
      minimum += fewest;
    }
    if (minimum > Search.MAX_RESULTS) {
      throw new UnsatisfiableException(
          FailureReason.TOO_MANY_DEVICES,
          "",
          "the claim needs at least " + minimum + " devices, more than " + Search.MAX_RESULTS);
    }
  }

  private static void requireUsablePools(RequestSpec spec, List<Pool> pools) {
    for (Pool pool : pools) {
      if (pool.incomplete() || pool.invalid()) {
        PoolStatus status = pool.status();
        throw new UnsatisfiableException(
            pool.invalid() ? FailureReason.INVALID_POOL : FailureReason.INCOMPLETE_POOL,
            spec.name(),
            "request %s asks for all devices, but pool %s/%s is %s (%s)"
                .formatted(
                    spec.name(),
                    status.driver(),
                    status.pool(),
                    pool.invalid() ? "invalid" : "being updated",
                    status.detail()));
      }
    }
  }

  /** After a failed search: the first request that cannot fit on its own, else the combination. */
  static UnsatisfiableException diagnose(
      List<ClaimRequest> requests, CandidateTable table, List<AttributeConstraint> constraints) {
    for (ClaimRequest request : requests) {
      if (request.alternatives().stream().noneMatch(table::enoughOnItsOwn)) {
        String why =
            request.alternatives().stream()
                .map(s ->
                    (request.alternatives().size() > 1 ? s.name() + ": " : "") + summary(s, table))
                .collect(Collectors.joining("; "));
        return new UnsatisfiableException(
            FailureReason.NOT_ENOUGH_DEVICES,
            request.name(),
            "request " + request.name() + ": " + why);
      }
    }
    String because =
        constraints.isEmpty()
            ? "the requests need more distinct devices (or shared capacity) together than the node"
                + " has"
            : "no combination satisfies "
                + constraints.stream()
                    .map(AttributeConstraint::describe)
                    .collect(Collectors.joining(", "))
                + " while giving each request its own devices (or shared capacity)";
    return new UnsatisfiableException(
        FailureReason.NO_COMBINATION,
        "",
        "each request has enough matching devices on its own, but " + because);
  }

  private static String summary(RequestSpec spec, CandidateTable table) {
    return RequestExplanation.summary(table.matching(spec), table.needed(spec));
  }
}
