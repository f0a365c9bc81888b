package dev.gpudra.computedomain.clique;

import dev.gpudra.api.computedomain.ComputeDomainClique;
import dev.gpudra.api.computedomain.ComputeDomainDaemon;
import dev.gpudra.api.computedomain.ComputeDomainLabels;
import dev.gpudra.api.computedomain.DomainStatus;
import dev.gpudra.computedomain.imex.CliqueIndex;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.net.HttpURLConnection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One daemon's entry in its clique ({@code ComputeDomainCliques}): the clique is made by the first
 * daemon, each daemon adds itself with the lowest free index (a restarted daemon keeps its own) and
 * its pod as an owner, and sets its status from its pod's readiness. Writes are optimistic; a
 * conflict with another daemon's write is read again and retried.
 */
public final class CliqueMembership {
  private static final Logger log = LoggerFactory.getLogger(CliqueMembership.class);
  private static final int ATTEMPTS = 20;

  private final KubernetesClient client;
  private final DaemonIdentity me;
  private final int maxNodes;

  /**
   * @param maxNodes MAX_NODES_PER_IMEX_DOMAIN
   */
  public CliqueMembership(KubernetesClient client, DaemonIdentity me, int maxNodes) {
    this.client = Objects.requireNonNull(client, "client");
    this.me = Objects.requireNonNull(me, "me");
    this.maxNodes = maxNodes;
  }

  /**
   * Adds this daemon (NotReady), making the clique if it is the first.
   *
   * @return its index
   * @throws CliqueIndex.CliqueFullException when the clique has {@code maxNodes} daemons
   */
  public int join() {
    ComputeDomainClique clique = update(this::withMe);
    int index = mine(clique).orElseThrow().index();
    log.info("joined clique {}/{} as index {}", me.namespace(), me.cliqueName(), index);
    return index;
  }

  /** Sets this daemon's status (its IMEX is ready or not). */
  public void status(DomainStatus status) {
    update(clique ->
        replaceMine(
            clique,
            d ->
                new ComputeDomainDaemon(
                    d.nodeName(), d.ipAddress(), d.cliqueID(), d.index(), status)));
  }

  /** Takes this daemon out (it is stopping). */
  public void leave() {
    update(clique -> {
      clique.setDaemons(
          daemons(clique).stream().filter(d -> !d.nodeName().equals(me.nodeName())).toList());
      return clique;
    });
  }

  /** The clique's daemons' addresses by index, as the clique says now. */
  public Map<Integer, String> peers() {
    ComputeDomainClique clique = get();
    return clique == null
        ? Map.of()
        : daemons(clique).stream()
            .collect(
                Collectors.toMap(
                    ComputeDomainDaemon::index,
                    ComputeDomainDaemon::ipAddress,
                    (a, b) -> a,
                    TreeMap::new));
  }

  private ComputeDomainClique withMe(ComputeDomainClique clique) {
    List<ComputeDomainDaemon> others =
        daemons(clique).stream().filter(d -> !d.nodeName().equals(me.nodeName())).toList();
    int index =
        mine(clique)
            .map(ComputeDomainDaemon::index)
            .orElseGet(() ->
                CliqueIndex.lowestFree(
                    others.stream().map(ComputeDomainDaemon::index).collect(Collectors.toSet()),
                    maxNodes));
    List<ComputeDomainDaemon> daemons = new ArrayList<>(others);
    daemons.add(
        new ComputeDomainDaemon(
            me.nodeName(), me.podIp(), me.cliqueId(), index, DomainStatus.NOT_READY));
    clique.setDaemons(daemons);
    List<OwnerReference> owners =
        new ArrayList<>(
            clique.getMetadata().getOwnerReferences() == null
                ? List.of()
                : clique.getMetadata().getOwnerReferences());
    if (owners.stream().noneMatch(o -> me.podUid().equals(o.getUid()))) {
      owners.add(
          new OwnerReferenceBuilder()
              .withApiVersion("v1")
              .withKind("Pod")
              .withName(me.podName())
              .withUid(me.podUid())
              .build());
    }
    clique.getMetadata().setOwnerReferences(owners);
    return clique;
  }

  private ComputeDomainClique replaceMine(
      ComputeDomainClique clique, UnaryOperator<ComputeDomainDaemon> change) {
    if (mine(clique).isEmpty()) {
      throw new IllegalStateException(
          "daemon of node "
              + me.nodeName()
              + " is not in clique "
              + me.cliqueName()
              + ": join first");
    }
    clique.setDaemons(
        daemons(clique).stream()
            .map(d -> d.nodeName().equals(me.nodeName()) ? change.apply(d) : d)
            .toList());
    return clique;
  }

  /** Reads, changes and writes the clique (creating it when missing), again on a conflict. */
  private ComputeDomainClique update(UnaryOperator<ComputeDomainClique> change) {
    KubernetesClientException last = null;
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      ComputeDomainClique current = get();
      try {
        if (current == null) {
          return client.resource(change.apply(empty())).create();
        }
        return client.resource(change.apply(current)).update();
      } catch (KubernetesClientException e) {
        if (e.getCode() != HttpURLConnection.HTTP_CONFLICT) {
          throw e;
        }
        last = e; // another daemon wrote it (or made it) first: read again
      }
    }
    throw new IllegalStateException(
        "clique " + me.cliqueName() + ": still conflicting after " + ATTEMPTS + " attempts", last);
  }

  private ComputeDomainClique get() {
    return client
        .resources(ComputeDomainClique.class)
        .inNamespace(me.namespace())
        .withName(me.cliqueName())
        .get();
  }

  private ComputeDomainClique empty() {
    return new ComputeDomainClique(
        new ObjectMetaBuilder()
            .withName(me.cliqueName())
            .withNamespace(me.namespace())
            .withLabels(
                Map.of(
                    ComputeDomainLabels.DOMAIN,
                    me.domainUid(),
                    ComputeDomainLabels.CLIQUE,
                    me.cliqueId()))
            .build(),
        List.of());
  }

  private Optional<ComputeDomainDaemon> mine(ComputeDomainClique clique) {
    return daemons(clique).stream().filter(d -> d.nodeName().equals(me.nodeName())).findFirst();
  }

  private static List<ComputeDomainDaemon> daemons(ComputeDomainClique clique) {
    return clique.getDaemons() == null ? List.of() : clique.getDaemons();
  }
}
