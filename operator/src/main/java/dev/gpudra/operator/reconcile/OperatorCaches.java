package dev.gpudra.operator.reconcile;

import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.clusterpolicy.GpuCluster;
import dev.gpudra.api.clusterpolicy.Singleton;
import dev.gpudra.api.nvidiadriver.NvidiaDriver;
import dev.gpudra.controllerkit.informers.Cache;
import dev.gpudra.controllerkit.informers.Informers;
import dev.gpudra.operator.states.Readiness;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.ControllerRevision;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a reconcile reads, from informers: every node, every pod (indexed by node), the DaemonSets,
 * their revisions and the Deployments in the operator's namespace, every ResourceClaim, the
 * ClusterPolicies and, when their CRDs are installed, the GPUClusters and NVIDIADrivers; the
 * operator's namespace. A steady cluster then costs no request. The informers start with the
 * operator ({@link #informers()}).
 */
final class OperatorCaches {
  private static final String BY_NODE = "node";

  private final Informers informers = new Informers();
  private final Cache<Node> nodes;
  private final Cache<Pod> pods;
  private final Cache<DaemonSet> daemonSets;
  private final Cache<Deployment> deployments;
  private final Cache<ControllerRevision> revisions;
  private final Cache<ResourceClaim> claims;
  private final Cache<ClusterPolicy> policies;
  private final Optional<Cache<GpuCluster>> clusters;
  private final Optional<Cache<NvidiaDriver>> drivers;
  private final Cache<Namespace> namespace;
  private final String namespaceName;

  /**
   * The informers, not started; GPUClusters and NVIDIADrivers only where their CRD is installed
   * (asked now, once).
   */
  OperatorCaches(KubernetesClient client, String namespace) {
    this.namespaceName = namespace;
    nodes = informers.add("nodes", client.nodes().runnableInformer(0));
    pods =
        informers
            .add("pods", client.pods().inAnyNamespace().runnableInformer(0))
            .index(
                BY_NODE,
                p ->
                    p.getSpec() == null || p.getSpec().getNodeName() == null
                        ? List.of()
                        : List.of(p.getSpec().getNodeName()));
    daemonSets =
        informers.add(
            "DaemonSets in " + namespace,
            client.apps().daemonSets().inNamespace(namespace).runnableInformer(0));
    deployments =
        informers.add(
            "Deployments in " + namespace,
            client.apps().deployments().inNamespace(namespace).runnableInformer(0));
    revisions =
        informers.add(
            "ControllerRevisions in " + namespace,
            client.apps().controllerRevisions().inNamespace(namespace).runnableInformer(0));
    claims =
        informers.add(
            "ResourceClaims",
            client.resources(ResourceClaim.class).inAnyNamespace().runnableInformer(0));
    policies =
        informers.add("ClusterPolicies", client.resources(ClusterPolicy.class).runnableInformer(0));
    clusters =
        crd(client, GpuCluster.PLURAL)
            ? Optional.of(
                informers.add(
                    "GPUClusters", client.resources(GpuCluster.class).runnableInformer(0)))
            : Optional.empty();
    drivers =
        crd(client, NvidiaDriver.PLURAL)
            ? Optional.of(
                informers.add(
                    "NVIDIADrivers", client.resources(NvidiaDriver.class).runnableInformer(0)))
            : Optional.empty();
    this.namespace =
        informers.add(
            "namespace " + namespace,
            client.namespaces().withField("metadata.name", namespace).runnableInformer(0));
  }

  /** What the operator starts before it reconciles and closes after. */
  Informers informers() {
    return informers;
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
    return drivers.map(Cache::list);
  }

  /** The operator's namespace's labels (empty while it is not seen). */
  Map<String, String> namespaceLabels() {
    // by name too: an API server that ignores the field selector lists every namespace
    return namespace.list().stream()
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
    return clusters.flatMap(c -> c.list().stream().findFirst()).map(c -> c.getMetadata().getName());
  }

  /** The name of the singleton ClusterPolicy, if one exists. */
  Optional<String> clusterPolicy() {
    return Singleton.of(policies.list()).map(p -> p.getMetadata().getName());
  }

  /** Calls {@code changed} whenever any cached object is added, changed or deleted. */
  void onChange(Runnable changed) {
    for (Cache<?> cache : List.of(nodes, pods, daemonSets, deployments, claims, policies)) {
      cache.onChange(o -> changed.run());
    }
    clusters.ifPresent(c -> c.onChange(o -> changed.run()));
    drivers.ifPresent(d -> d.onChange(o -> changed.run()));
  }

  List<Node> nodes() {
    return nodes.list();
  }

  List<Pod> podsOn(String node) {
    return pods.byIndex(BY_NODE, node);
  }

  Optional<DaemonSet> daemonSet(String namespace, String name) {
    return daemonSets.get(namespace, name);
  }

  /** The DaemonSets in the operator's namespace. */
  List<DaemonSet> daemonSets() {
    return daemonSets.list();
  }

  Optional<Deployment> deployment(String namespace, String name) {
    return deployments.get(namespace, name);
  }

  /**
   * The hash of the newest revision of DaemonSet {@code name} (its ControllerRevision's {@code
   * controller-revision-hash}, which its pods of that revision carry).
   */
  Optional<String> newestRevision(String namespace, String name) {
    return revisions.list().stream()
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
    return pods.list().stream()
        .filter(p -> namespace.equals(p.getMetadata().getNamespace()))
        .filter(p -> p.getMetadata().getLabels() != null)
        .filter(p -> app.equals(p.getMetadata().getLabels().get("app")))
        .toList();
  }

  Optional<ResourceClaim> claim(String namespace, String name) {
    return claims.get(namespace, name);
  }
}
