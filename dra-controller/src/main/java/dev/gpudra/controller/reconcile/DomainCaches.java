package dev.gpudra.controller.reconcile;

import dev.gpudra.api.computedomain.ComputeDomainClique;
import dev.gpudra.api.computedomain.ComputeDomainLabels;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * What each reconcile reads, from informer caches instead of the API server: the domains' daemon
 * pods, DaemonSets and cliques in the driver's namespace and their ResourceClaimTemplates in every
 * namespace, each informer limited to objects carrying the domain label and indexed by it. A pass
 * over 1,000 domains then costs no request but the writes it makes.
 */
final class DomainCaches implements AutoCloseable {
  private static final String BY_DOMAIN = "domain";

  private final SharedIndexInformer<Pod> pods;
  private final SharedIndexInformer<DaemonSet> daemonSets;
  private final SharedIndexInformer<ComputeDomainClique> cliques;
  private final SharedIndexInformer<ResourceClaimTemplate> templates;

  private DomainCaches(
      SharedIndexInformer<Pod> pods,
      SharedIndexInformer<DaemonSet> daemonSets,
      SharedIndexInformer<ComputeDomainClique> cliques,
      SharedIndexInformer<ResourceClaimTemplate> templates) {
    this.pods = pods;
    this.daemonSets = daemonSets;
    this.cliques = cliques;
    this.templates = templates;
  }

  /** Starts the informers and waits until each has listed once. */
  static DomainCaches start(KubernetesClient client, String namespace) {
    SharedIndexInformer<Pod> pods =
        indexed(
            client
                .pods()
                .inNamespace(namespace)
                .withLabel(ComputeDomainLabels.DOMAIN)
                .runnableInformer(0));
    SharedIndexInformer<DaemonSet> daemonSets =
        indexed(
            client
                .apps()
                .daemonSets()
                .inNamespace(namespace)
                .withLabel(ComputeDomainLabels.DOMAIN)
                .runnableInformer(0));
    SharedIndexInformer<ComputeDomainClique> cliques =
        indexed(
            client
                .resources(ComputeDomainClique.class)
                .inNamespace(namespace)
                .withLabel(ComputeDomainLabels.DOMAIN)
                .runnableInformer(0));
    SharedIndexInformer<ResourceClaimTemplate> templates =
        indexed(
            client
                .resources(ResourceClaimTemplate.class)
                .inAnyNamespace()
                .withLabel(ComputeDomainLabels.DOMAIN)
                .runnableInformer(0));
    DomainCaches caches = new DomainCaches(pods, daemonSets, cliques, templates);
    try {
      for (SharedIndexInformer<?> informer : List.of(pods, daemonSets, cliques, templates)) {
        informer.start().toCompletableFuture().join();
      }
    } catch (RuntimeException e) {
      caches.close();
      throw e;
    }
    return caches;
  }

  private static <T extends HasMetadata> SharedIndexInformer<T> indexed(
      SharedIndexInformer<T> informer) {
    Function<T, List<String>> domain =
        o -> {
          Map<String, String> labels = o.getMetadata().getLabels();
          return labels == null || !labels.containsKey(ComputeDomainLabels.DOMAIN)
              ? List.of()
              : List.of(labels.get(ComputeDomainLabels.DOMAIN));
        };
    informer.addIndexers(Map.of(BY_DOMAIN, domain));
    return informer;
  }

  List<Pod> daemonPods(String domainUid) {
    return pods.getIndexer().byIndex(BY_DOMAIN, domainUid);
  }

  List<ComputeDomainClique> cliques(String domainUid) {
    return cliques.getIndexer().byIndex(BY_DOMAIN, domainUid);
  }

  Optional<DaemonSet> daemonSet(String namespace, String name) {
    return Optional.ofNullable(daemonSets.getStore().getByKey(namespace + "/" + name));
  }

  Optional<ResourceClaimTemplate> template(String namespace, String name) {
    return Optional.ofNullable(templates.getStore().getByKey(namespace + "/" + name));
  }

  @Override
  public void close() {
    for (SharedIndexInformer<?> informer : List.of(pods, daemonSets, cliques, templates)) {
      Objects.requireNonNull(informer).close();
    }
  }
}
