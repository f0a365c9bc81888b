package dev.gpudra.controller.reconcile;

import dev.gpudra.api.computedomain.ComputeDomainClique;
import dev.gpudra.api.computedomain.ComputeDomainDaemon;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * NVIDIA's rule that the controller removes a clique entry whose node runs no daemon pod of the
 * domain: a node that left would otherwise hold one of the clique's indices (18 on an NVL72 rack)
 * for good, and the next node to join would be refused. An entry goes once it has been without a
 * pod for {@link #GRACE}, as the pod cache may be a moment behind the clique cache when a daemon
 * registers.
 */
final class StaleEntries {
  /** How long an entry stays without a daemon pod on its node before it is removed. */
  static final Duration GRACE = Duration.ofSeconds(5);

  /**
   * Per domain UID: since when each stale entry ({@code clique/node}) has been seen stale (kept
   * after its removal is due, so that a write refused by a conflict is tried again at the next
   * pass).
   */
  private final Map<String, Map<String, Instant>> since = new ConcurrentHashMap<>();

  /**
   * @param clique the clique as cached (its resourceVersion guards the write)
   * @param kept its entries that stay
   * @param removed the nodes whose entries go
   */
  record Prune(ComputeDomainClique clique, List<ComputeDomainDaemon> kept, List<String> removed) {}

  /**
   * @param prunes the cliques to write now
   * @param recheck when an entry seen stale is due (empty: none is pending)
   */
  record Verdict(List<Prune> prunes, Optional<Duration> recheck) {}

  /**
   * @param podNodes the nodes that run one of the domain's daemon pods (terminating ones too: a
   *     daemon shutting down removes its own entry)
   */
  Verdict check(
      String domainUid, List<ComputeDomainClique> cliques, Set<String> podNodes, Instant now) {
    Map<String, Instant> before = since.getOrDefault(domainUid, Map.of());
    Map<String, Instant> pending = new HashMap<>();
    List<Prune> prunes = new ArrayList<>();
    Optional<Duration> recheck = Optional.empty();
    for (ComputeDomainClique clique : cliques) {
      List<ComputeDomainDaemon> kept = new ArrayList<>();
      List<String> removed = new ArrayList<>();
      for (ComputeDomainDaemon daemon : daemons(clique)) {
        if (podNodes.contains(daemon.nodeName())) {
          kept.add(daemon);
          continue;
        }
        String key = clique.getMetadata().getName() + "/" + daemon.nodeName();
        Instant first = before.getOrDefault(key, now);
        Duration left = GRACE.minus(Duration.between(first, now));
        pending.put(key, first);
        if (left.isNegative() || left.isZero()) {
          removed.add(daemon.nodeName());
        } else {
          kept.add(daemon);
          recheck = Optional.of(recheck.filter(r -> r.compareTo(left) < 0).orElse(left));
        }
      }
      if (!removed.isEmpty()) {
        prunes.add(new Prune(clique, List.copyOf(kept), List.copyOf(removed)));
      }
    }
    if (pending.isEmpty()) {
      since.remove(domainUid);
    } else {
      since.put(domainUid, pending);
    }
    return new Verdict(List.copyOf(prunes), recheck);
  }

  /** Drops what is remembered of a deleted domain. */
  void forget(String domainUid) {
    since.remove(domainUid);
  }

  private static List<ComputeDomainDaemon> daemons(ComputeDomainClique clique) {
    return clique.getDaemons() == null ? List.of() : clique.getDaemons();
  }
}
