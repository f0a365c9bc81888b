package dev.gpudra.controller.reconcile;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainClique;
import dev.gpudra.api.computedomain.ComputeDomainLabels;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a domain left behind when its deletion never ran to the end (the controller was down, an
 * earlier install, a forced finalizer removal), as NVIDIA's periodic cleanup managers remove it:
 * DaemonSets, ResourceClaimTemplates and cliques labelled with a domain UID that no ComputeDomain
 * has any more, and node labels naming one. Finalizers are dropped first, so the objects go.
 */
public final class OrphanCleanup {
  private static final Logger log = LoggerFactory.getLogger(OrphanCleanup.class);

  private final KubernetesClient client;
  private final String namespace;

  /**
   * @param namespace the driver's namespace: DaemonSets and cliques
   */
  public OrphanCleanup(KubernetesClient client, String namespace) {
    this.client = Objects.requireNonNull(client, "client");
    this.namespace = Objects.requireNonNull(namespace, "namespace");
  }

  /**
   * One pass; returns how many objects and labels it removed. Objects and nodes are listed before
   * the domains: whatever was listed was made after its domain, so a domain made during the pass is
   * never mistaken for a deleted one.
   */
  public int run() {
    List<DaemonSet> daemonSets =
        client
            .apps()
            .daemonSets()
            .inNamespace(namespace)
            .withLabel(ComputeDomainLabels.DOMAIN)
            .list()
            .getItems();
    List<ResourceClaimTemplate> templates =
        client
            .resources(ResourceClaimTemplate.class)
            .inAnyNamespace()
            .withLabel(ComputeDomainLabels.DOMAIN)
            .list()
            .getItems();
    List<ComputeDomainClique> cliques =
        client
            .resources(ComputeDomainClique.class)
            .inNamespace(namespace)
            .withLabel(ComputeDomainLabels.DOMAIN)
            .list()
            .getItems();
    List<Node> nodes = client.nodes().withLabel(ComputeDomainLabels.DOMAIN).list().getItems();
    Set<String> live =
        client.resources(ComputeDomain.class).inAnyNamespace().list().getItems().stream()
            .map(d -> d.getMetadata().getUid())
            .collect(Collectors.toSet());
    return deleteOrphans(daemonSets, live)
        + deleteOrphans(templates, live)
        + deleteOrphans(cliques, live)
        + unlabel(nodes, live);
  }

  private int unlabel(List<Node> nodes, Set<String> live) {
    int removed = 0;
    for (Node node : nodes) {
      String uid = node.getMetadata().getLabels().get(ComputeDomainLabels.DOMAIN);
      if (live.contains(uid)) {
        continue;
      }
      client
          .nodes()
          .withName(node.getMetadata().getName())
          .edit(n -> {
            n.getMetadata().getLabels().remove(ComputeDomainLabels.DOMAIN, uid);
            return n;
          });
      log.info(
          "node {}: removed the label of deleted ComputeDomain {}",
          node.getMetadata().getName(),
          uid);
      removed++;
    }
    return removed;
  }

  private <T extends HasMetadata> int deleteOrphans(List<T> objects, Set<String> live) {
    int removed = 0;
    for (T object : objects) {
      String uid = object.getMetadata().getLabels().get(ComputeDomainLabels.DOMAIN);
      if (live.contains(uid)) {
        continue;
      }
      var resource = client.resource(object);
      if (object.hasFinalizer(ComputeDomainLabels.FINALIZER)) {
        resource.edit(o -> {
          o.removeFinalizer(ComputeDomainLabels.FINALIZER);
          return o;
        });
      }
      resource.delete();
      log.info(
          "removed {} {}/{} of deleted ComputeDomain {}",
          object.getKind(),
          object.getMetadata().getNamespace(),
          object.getMetadata().getName(),
          uid);
      removed++;
    }
    return removed;
  }
}
