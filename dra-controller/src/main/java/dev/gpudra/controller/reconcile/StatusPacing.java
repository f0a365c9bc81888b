package dev.gpudra.controller.reconcile;

import dev.gpudra.api.computedomain.ComputeDomainStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Status writes of one domain, paced: a change of the domain's {@code status} (none yet, NotReady,
 * Ready) is written at once; any other change (its nodes, its conditions' messages) at most once
 * per {@link #INTERVAL}, NVIDIA's status sync period, with whatever the status is by then. While a
 * domain converges its daemon pods pass through several states (pending, running, joined) within
 * moments; writing each one cost the API server two or three writes per domain that nobody waits
 * for, and under load the server's slowness stretched convergence into more of them.
 *
 * <p>A status equal to the one written last, within the interval, is not written again: the
 * controller's cache is a moment behind its own write (seen under load as every first status
 * written twice).
 */
final class StatusPacing {
  /** The least time between two writes of one domain's status that leave Ready/NotReady as is. */
  static final Duration INTERVAL = Duration.ofSeconds(2);

  private record Written(Instant at, ComputeDomainStatus status) {}

  private final Map<String, Written> last = new ConcurrentHashMap<>();

  /**
   * How long a write of this domain's status must wait; empty: it may be written now.
   *
   * @param cached the status as the controller's cache has it (null: none)
   * @param next the status the controller sees now, unlike {@code cached}
   */
  Optional<Duration> wait(
      String domainUid, ComputeDomainStatus cached, ComputeDomainStatus next, Instant now) {
    Written written = last.get(domainUid);
    if (written == null) {
      return Optional.empty();
    }
    Duration left = INTERVAL.minus(Duration.between(written.at(), now));
    boolean due = left.isNegative() || left.isZero();
    if (due) {
      return Optional.empty();
    }
    if (next.equals(written.status())) {
      return Optional.of(left);
    }
    boolean transition = cached == null || cached.status() != next.status();
    return transition ? Optional.empty() : Optional.of(left);
  }

  void written(String domainUid, ComputeDomainStatus status, Instant now) {
    last.put(domainUid, new Written(now, status));
  }

  void forget(String domainUid) {
    last.remove(domainUid);
  }
}
