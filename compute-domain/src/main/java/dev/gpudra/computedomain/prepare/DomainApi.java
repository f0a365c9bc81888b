package dev.gpudra.computedomain.prepare;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainClique;
import dev.gpudra.api.computedomain.ComputeDomainDaemon;
import dev.gpudra.api.computedomain.ComputeDomainNode;
import dev.gpudra.api.computedomain.DomainStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the compute-domain plugin reads from the API server: the domain a claim names (by UID) and
 * whether this node's daemon is Ready in it, from its clique {@code <uid>.<cliqueID>} in the
 * driver's namespace, or from the domain's status on a node without a clique.
 */
public final class DomainApi {
  private final KubernetesClient client;
  private final String driverNamespace;

  public DomainApi(KubernetesClient client, String driverNamespace) {
    this.client = Objects.requireNonNull(client, "client");
    this.driverNamespace = Objects.requireNonNull(driverNamespace, "driverNamespace");
  }

  /** The domain with this UID in {@code namespace}, if any. */
  public Optional<ComputeDomain> find(String namespace, String uid) {
    return first(
        client.resources(ComputeDomain.class).inNamespace(namespace).list().getItems(), uid);
  }

  /** The domain with this UID in any namespace, if any. */
  public Optional<ComputeDomain> findAnywhere(String uid) {
    return first(client.resources(ComputeDomain.class).inAnyNamespace().list().getItems(), uid);
  }

  /** The UIDs of every domain: what the daemon directories and labels may name. */
  public List<String> domainUids() {
    return client.resources(ComputeDomain.class).inAnyNamespace().list().getItems().stream()
        .map(d -> d.getMetadata().getUid())
        .toList();
  }

  /** Whether {@code node}'s daemon is Ready in {@code domain}. */
  public boolean nodeReady(ComputeDomain domain, String cliqueId, String node) {
    if (cliqueId.isEmpty()) {
      List<ComputeDomainNode> nodes =
          domain.getStatus() == null ? List.of() : domain.getStatus().nodes();
      return nodes.stream()
          .anyMatch(n -> node.equals(n.name()) && n.status() == DomainStatus.READY);
    }
    ComputeDomainClique clique =
        client
            .resources(ComputeDomainClique.class)
            .inNamespace(driverNamespace)
            .withName(domain.getMetadata().getUid() + "." + cliqueId)
            .get();
    List<ComputeDomainDaemon> daemons =
        clique == null || clique.getDaemons() == null ? List.of() : clique.getDaemons();
    return daemons.stream()
        .anyMatch(d -> node.equals(d.nodeName()) && d.status() == DomainStatus.READY);
  }

  private static Optional<ComputeDomain> first(List<ComputeDomain> domains, String uid) {
    return domains.stream().filter(d -> uid.equals(d.getMetadata().getUid())).findFirst();
  }
}
