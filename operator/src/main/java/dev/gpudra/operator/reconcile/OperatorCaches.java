package dev.gpudra.operator.reconcile;

import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.clusterpolicy.GpuCluster;
import dev.gpudra.api.clusterpolicy.Singleton;
import dev.gpudra.api.nvidiadriver.NvidiaDriver;
import dev.gpudra.operator.states.Readiness;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.ControllerRevision;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a reconcile reads, from informers: every node, every pod (indexed by node), the DaemonSets,
 * their revisions and the Deployments in the operator's namespace, every ResourceClaim, the
 * ClusterPolicies and, when their CRDs are installed, the GPUClusters and NVIDIADrivers; the
 * operator's namespace. A steady cluster then costs no request.
 */
final class OperatorCaches implements AutoCloseable {
  private static final String BY_NODE = "node";

  private final SharedIndexInformer<Node> nodes;
  private final SharedIndexInformer<Pod> pods;
  private final SharedIndexInformer<DaemonSet> daemonSets;
  private final SharedIndexInformer<Deployment> deployments;
  private final SharedIndexInformer<ControllerRevision> revisions;
  private final SharedIndexInformer<ResourceClaim> claims;
  private final SharedIndexInformer<ClusterPolicy> policies;
  private final Optional<SharedIndexInformer<GpuCluster>> clusters;
  private final Optional<SharedIndexInformer<NvidiaDriver>> drivers;
  private final SharedIndexInformer<Namespace> namespace;
  private final String namespaceName;

  private OperatorCaches(
      SharedIndexInformer<Node> nodes,
      SharedIndexInformer<Pod> pods,
      SharedIndexInformer<DaemonSet> daemonSets,
      SharedIndexInformer<Deployment> deployments,
      SharedIndexInformer<ControllerRevision> revisions,
      SharedIndexInformer<ResourceClaim> claims,
      SharedIndexInformer<ClusterPolicy> policies,
      Optional<SharedIndexInformer<GpuCluster>> clusters,
      Optional<SharedIndexInformer<NvidiaDriver>> drivers,
      SharedIndexInformer<Namespace> namespace,
      String namespaceName) {
    this.drivers = drivers;
    this.nodes = nodes;
    this.pods = pods;
    this.daemonSets = daemonSets;
    this.deployments = deployments;
    this.revisions = revisions;
    this.claims = claims;
    this.policies = policies;
    this.clusters = clusters;
    this.namespace = namespace;
    this.namespaceName = namespaceName;
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
            client.apps().controllerRevisions().inNamespace(namespace).runnableInformer(0),
            client.resources(ResourceClaim.class).inAnyNamespace().runnableInformer(0),
            client.resources(ClusterPolicy.class).runnableInformer(0),
            crd(client, GpuCluster.PLURAL)
                ? Optional.of(client.resources(GpuCluster.class).runnableInformer(0))
                : Optional.empty(),
            crd(client, NvidiaDriver.PLURAL)
                ? Optional.of(client.resources(NvidiaDriver.class).runnableInformer(0))
                : Optional.empty(),
            client.namespaces().withField("metadata.name", namespace).runnableInformer(0),
            namespace);
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

  /** Whether NVIDIA's CRD of {@code plural} is installed (checked once, at start). */
  private static boolean crd(KubernetesClient client, String plural) {
    return client
            .apiextensions()
            .v1()
            .customResourceDefinitions()
            .withName(plural + "." + ClusterPolicy.GROUP)
            .get()
        != null;
  }

  /**
   * Every NVIDIADriver; empty when their CRD was not installed when the operator started (then none
   * can exist to act on).
   */
  Optional<List<NvidiaDriver>> nvidiaDrivers() {
    return drivers.map(d -> d.getStore().list());
  }

  /** The operator's namespace's labels (empty while it is not seen). */
  Map<String, String> namespaceLabels() {
    // by name too: an API server that ignores the field selector lists every namespace
    return namespace.getStore().list().stream()
        .filter(n -> n.getMetadata().getName().equals(namespaceName))
        .findFirst()
        .map(n -> n.getMetadata().getLabels())
        .filter(l -> l != null)
        .orElse(Map.of());
  }

  /** Whether GPUClusters are watched (their CRD was installed when the operator started). */
  boolean watchesGpuClusters() {
    return clusters.isPresent();
  }

  /** The name of a GPUCluster, if one exists. */
  Optional<String> gpuCluster() {
    return clusters
        .flatMap(c -> c.getStore().list().stream().findFirst())
        .map(c -> c.getMetadata().getName());
  }

  /** The name of the singleton ClusterPolicy, if one exists. */
  Optional<String> clusterPolicy() {
    return Singleton.of(policies.getStore().list()).map(p -> p.getMetadata().getName());
  }

  /** Calls {@code changed} whenever any cached object is added, changed or deleted. */
  void onChange(Runnable changed) {
    subscribe(nodes, changed);
    subscribe(pods, changed);
    subscribe(daemonSets, changed);
    subscribe(deployments, changed);
    subscribe(claims, changed);
    subscribe(policies, changed);
    clusters.ifPresent(c -> subscribe(c, changed));
    drivers.ifPresent(d -> subscribe(d, changed));
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

  /** The DaemonSets in the operator's namespace. */
  List<DaemonSet> daemonSets() {
    return daemonSets.getStore().list();
  }

  Optional<Deployment> deployment(String namespace, String name) {
    return Optional.ofNullable(deployments.getStore().getByKey(namespace + "/" + name));
  }

  /**
   * The hash of the newest revision of DaemonSet {@code name} (its ControllerRevision's {@code
   * controller-revision-hash}, which its pods of that revision carry).
   */
  Optional<String> newestRevision(String namespace, String name) {
    return revisions.getStore().list().stream()
        .filter(r -> namespace.equals(r.getMetadata().getNamespace()))
        .filter(r -> r.getMetadata().getOwnerReferences() != null)
        .filter(r ->
            r.getMetadata().getOwnerReferences().stream()
                .anyMatch(o -> "DaemonSet".equals(o.getKind()) && name.equals(o.getName())))
        .max(Comparator.comparing(ControllerRevision::getRevision))
        .map(r -> r.getMetadata().getLabels())
        .map(l -> l.get(Readiness.REVISION_HASH));
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
    List<SharedIndexInformer<?>> all =
        new java.util.ArrayList<>(
            List.of(nodes, pods, daemonSets, deployments, revisions, claims, policies, namespace));
    clusters.ifPresent(all::add);
    drivers.ifPresent(all::add);
    return all;
  }
}
