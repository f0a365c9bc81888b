package dev.gpudra.operator.reconcile;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a reconcile reads, from informers: every node, every pod (indexed by node), the DaemonSets
 * and Deployments in the operator's namespace, every ResourceClaim. A steady cluster then costs no
 * request.
 */
final class OperatorCaches implements AutoCloseable {
  private static final String BY_NODE = "node";

  private final SharedIndexInformer<Node> nodes;
  private final SharedIndexInformer<Pod> pods;
  private final SharedIndexInformer<DaemonSet> daemonSets;
  private final SharedIndexInformer<Deployment> deployments;
  private final SharedIndexInformer<ResourceClaim> claims;

  private OperatorCaches(
      SharedIndexInformer<Node> nodes,
      SharedIndexInformer<Pod> pods,
      SharedIndexInformer<DaemonSet> daemonSets,
      SharedIndexInformer<Deployment> deployments,
      SharedIndexInformer<ResourceClaim> claims) {
    this.nodes = nodes;
    this.pods = pods;
    this.daemonSets = daemonSets;
    this.deployments = deployments;
    this.claims = claims;
  }

  /** Starts the informers and waits until each has listed once. */
  static OperatorCaches start(KubernetesClient client, String namespace) {
    SharedIndexInformer<Pod> pods = client.pods().inAnyNamespace().runnableInformer(0);
    pods.addIndexers(
        Map.of(
            BY_NODE,
            p ->
                p.getSpec() == null || p.getSpec().getNodeName() == null
                    ? List.of()
                    : List.of(p.getSpec().getNodeName())));
    OperatorCaches caches =
        new OperatorCaches(
            client.nodes().runnableInformer(0),
            pods,
            client.apps().daemonSets().inNamespace(namespace).runnableInformer(0),
            client.apps().deployments().inNamespace(namespace).runnableInformer(0),
            client.resources(ResourceClaim.class).inAnyNamespace().runnableInformer(0));
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

  /** Calls {@code changed} whenever any cached object is added, changed or deleted. */
  void onChange(Runnable changed) {
    subscribe(nodes, changed);
    subscribe(pods, changed);
    subscribe(daemonSets, changed);
    subscribe(deployments, changed);
    subscribe(claims, changed);
  }

  private static <T extends HasMetadata> void subscribe(
      SharedIndexInformer<T> informer, Runnable changed) {
    informer.addEventHandler(
        new ResourceEventHandler<T>() {
          @Override
          public void onAdd(T object) {
            changed.run();
          }

          @Override
          public void onUpdate(T before, T after) {
            changed.run();
          }

          @Override
          public void onDelete(T object, boolean finalStateUnknown) {
            changed.run();
          }
        });
  }

  List<Node> nodes() {
    return nodes.getStore().list();
  }

  List<Pod> podsOn(String node) {
    return pods.getIndexer().byIndex(BY_NODE, node);
  }

  Optional<DaemonSet> daemonSet(String namespace, String name) {
    return Optional.ofNullable(daemonSets.getStore().getByKey(namespace + "/" + name));
  }

  Optional<Deployment> deployment(String namespace, String name) {
    return Optional.ofNullable(deployments.getStore().getByKey(namespace + "/" + name));
  }

  /** The pods in {@code namespace} labelled {@code app=<app>}. */
  List<Pod> pods(String namespace, String app) {
    return pods.getStore().list().stream()
        .filter(p -> namespace.equals(p.getMetadata().getNamespace()))
        .filter(p -> p.getMetadata().getLabels() != null)
        .filter(p -> app.equals(p.getMetadata().getLabels().get("app")))
        .toList();
  }

  Optional<ResourceClaim> claim(String namespace, String name) {
    return Optional.ofNullable(claims.getStore().getByKey(namespace + "/" + name));
  }

  @Override
  public void close() {
    for (SharedIndexInformer<?> informer : all()) {
      informer.close();
    }
  }

  private List<SharedIndexInformer<?>> all() {
    return List.of(nodes, pods, daemonSets, deployments, claims);
  }
}
