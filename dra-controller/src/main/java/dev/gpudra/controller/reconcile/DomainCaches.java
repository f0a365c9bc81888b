package dev.gpudra.controller.reconcile;

import dev.gpudra.api.computedomain.ComputeDomainClique;
import dev.gpudra.api.computedomain.ComputeDomainLabels;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplate;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * What each reconcile reads, from informer caches instead of the API server: the domains' daemon
 * pods, DaemonSets and cliques in the driver's namespace and their ResourceClaimTemplates and the
 * claims made from them in every namespace, each informer limited to objects carrying the domain
 * label and indexed by it. A pass over 1,000 domains then costs no request but the writes it makes.
 */
final class DomainCaches implements AutoCloseable {
  private static final String BY_DOMAIN = "domain";

  private final SharedIndexInformer<Pod> pods;
  private final SharedIndexInformer<DaemonSet> daemonSets;
  private final SharedIndexInformer<ComputeDomainClique> cliques;
  private final SharedIndexInformer<ResourceClaimTemplate> templates;
  private final SharedIndexInformer<ResourceClaim> claims;

  private DomainCaches(
      SharedIndexInformer<Pod> pods,
      SharedIndexInformer<DaemonSet> daemonSets,
      SharedIndexInformer<ComputeDomainClique> cliques,
      SharedIndexInformer<ResourceClaimTemplate> templates,
      SharedIndexInformer<ResourceClaim> claims) {
    this.claims = claims;
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
    SharedIndexInformer<ResourceClaim> claims =
        indexed(
            client
                .resources(ResourceClaim.class)
                .inAnyNamespace()
                .withLabel(ComputeDomainLabels.DOMAIN)
                .runnableInformer(0));
    DomainCaches caches = new DomainCaches(pods, daemonSets, cliques, templates, claims);
    try {
      for (SharedIndexInformer<?> informer : caches.all()) {
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
    Function<T, List<String>> domain = o -> domainOf(o).map(List::of).orElse(List.of());
    informer.addIndexers(Map.of(BY_DOMAIN, domain));
    return informer;
  }

  /**
   * Calls {@code changed} with the domain UID of every daemon pod, DaemonSet, clique and template
   * that is added, changed or deleted from now on (and once for each one there already).
   */
  void onChange(Consumer<String> changed) {
    subscribe(pods, changed);
    subscribe(daemonSets, changed);
    subscribe(cliques, changed);
    subscribe(templates, changed);
    subscribe(claims, changed);
  }

  private static <T extends HasMetadata> void subscribe(
      SharedIndexInformer<T> informer, Consumer<String> changed) {
    informer.addEventHandler(
        new ResourceEventHandler<T>() {
          @Override
          public void onAdd(T object) {
            domainOf(object).ifPresent(changed);
          }

          @Override
          public void onUpdate(T before, T after) {
            domainOf(after).ifPresent(changed);
          }

          @Override
          public void onDelete(T object, boolean finalStateUnknown) {
            domainOf(object).ifPresent(changed);
          }
        });
  }

  private static Optional<String> domainOf(HasMetadata object) {
    Map<String, String> labels = object.getMetadata().getLabels();
    return labels == null
        ? Optional.empty()
        : Optional.ofNullable(labels.get(ComputeDomainLabels.DOMAIN));
  }

  List<Pod> daemonPods(String domainUid) {
    return pods.getIndexer().byIndex(BY_DOMAIN, domainUid);
  }

  /** The claims made from the domain's workload template (labelled by it). */
  List<ResourceClaim> channelClaims(String domainUid) {
    return claims.getIndexer().byIndex(BY_DOMAIN, domainUid).stream()
        .filter(c ->
            ComputeDomainLabels.TARGET_WORKLOAD.equals(
                c.getMetadata().getLabels().get(ComputeDomainLabels.TARGET)))
        .toList();
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
    for (SharedIndexInformer<?> informer : all()) {
      Objects.requireNonNull(informer).close();
    }
  }

  private List<SharedIndexInformer<?>> all() {
    return List.of(pods, daemonSets, cliques, templates, claims);
  }
}
