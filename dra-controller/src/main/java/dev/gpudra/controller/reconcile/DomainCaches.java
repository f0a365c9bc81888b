package dev.gpudra.controller.reconcile;

import dev.gpudra.api.computedomain.ComputeDomainClique;
import dev.gpudra.api.computedomain.ComputeDomainLabels;
import dev.gpudra.controllerkit.informers.Cache;
import dev.gpudra.controllerkit.informers.Informers;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What each reconcile reads, from informer caches instead of the API server: the domains' daemon
 * pods, DaemonSets and cliques in the driver's namespace and their ResourceClaimTemplates and the
 * claims made from them in every namespace, each informer limited to objects carrying the domain
 * label and indexed by it. A pass over 1,000 domains then costs no request but the writes it makes.
 * The informers start with the controller ({@link #informers()}).
 */
final class DomainCaches {
  private static final String BY_DOMAIN = "domain";

  private final Informers informers = new Informers();
  private final Cache<Pod> pods;
  private final Cache<DaemonSet> daemonSets;
  private final Cache<ComputeDomainClique> cliques;
  private final Cache<ResourceClaimTemplate> templates;
  private final Cache<ResourceClaim> claims;

  /** The informers, not started, each limited to objects with the domain label. */
  DomainCaches(KubernetesClient client, String namespace) {
    String domain = ComputeDomainLabels.DOMAIN;
    pods =
        indexed(
            "pods in " + namespace,
            client.pods().inNamespace(namespace).withLabel(domain).runnableInformer(0));
    daemonSets =
        indexed(
            "DaemonSets in " + namespace,
            client
                .apps()
                .daemonSets()
                .inNamespace(namespace)
                .withLabel(domain)
                .runnableInformer(0));
    cliques =
        indexed(
            "ComputeDomainCliques in " + namespace,
            client
                .resources(ComputeDomainClique.class)
                .inNamespace(namespace)
                .withLabel(domain)
                .runnableInformer(0));
    templates =
        indexed(
            "ResourceClaimTemplates",
            client
                .resources(ResourceClaimTemplate.class)
                .inAnyNamespace()
                .withLabel(domain)
                .runnableInformer(0));
    claims =
        indexed(
            "ResourceClaims",
            client
                .resources(ResourceClaim.class)
                .inAnyNamespace()
                .withLabel(domain)
                .runnableInformer(0));
  }

  private <T extends HasMetadata> Cache<T> indexed(String name, SharedIndexInformer<T> informer) {
    return informers
        .add(name, informer)
        .index(BY_DOMAIN, o -> domainOf(o).map(List::of).orElse(List.of()));
  }

  /** What the controller starts before it reconciles and closes after. */
  Informers informers() {
    return informers;
  }

  /**
   * Calls {@code changed} with the domain UID of every daemon pod, DaemonSet, clique and template
   * that is added, changed or deleted from now on (and once for each one there already).
   */
  void onChange(Consumer<String> changed) {
    for (Cache<? extends HasMetadata> cache :
        List.of(pods, daemonSets, cliques, templates, claims)) {
      cache.onChange(o -> domainOf(o).ifPresent(changed));
    }
  }

  private static Optional<String> domainOf(HasMetadata object) {
    Map<String, String> labels = object.getMetadata().getLabels();
    return labels == null
        ? Optional.empty()
        : Optional.ofNullable(labels.get(ComputeDomainLabels.DOMAIN));
  }

  List<Pod> daemonPods(String domainUid) {
    return pods.byIndex(BY_DOMAIN, domainUid);
  }

  /** The claims made from the domain's workload template (labelled by it). */
  List<ResourceClaim> channelClaims(String domainUid) {
    return claims.byIndex(BY_DOMAIN, domainUid).stream()
        .filter(c ->
            ComputeDomainLabels.TARGET_WORKLOAD.equals(
                c.getMetadata().getLabels().get(ComputeDomainLabels.TARGET)))
        .toList();
  }

  List<ComputeDomainClique> cliques(String domainUid) {
    return cliques.byIndex(BY_DOMAIN, domainUid);
  }

  Optional<DaemonSet> daemonSet(String namespace, String name) {
    return daemonSets.get(namespace, name);
  }

  Optional<ResourceClaimTemplate> template(String namespace, String name) {
    return templates.get(namespace, name);
  }
}
