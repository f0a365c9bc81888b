package dev.gpudra.demo;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainLabels;
import dev.gpudra.computedomain.plugin.DomainPluginConfig;
import dev.gpudra.controller.model.DaemonSetFactory;
import dev.gpudra.controller.model.DaemonSettings;
import dev.gpudra.controller.reconcile.ComputeDomainController;
import dev.gpudra.kit.metadata.MetadataPaths;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;

/** The demo's running cluster: a control plane and the GPU nodes; closes them in order. */
public final class DemoCluster implements AutoCloseable {
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);
  private static final Duration CLEANUP_TIMEOUT = Duration.ofSeconds(30);
  private static final Duration DOMAIN_STATUS_WAIT = Duration.ofSeconds(10);
  private static final String DRIVER = "gpu.nvidia.com";

  private final ClusterBackend backend;
  private final Map<String, DemoNode> nodes;
  private final Map<String, DevicePluginNode> pluginNodes = new TreeMap<>();
  private final Consumer<String> progress;
  private ComputeDomainController domainController;

  DemoCluster(ClusterBackend backend, Map<String, DemoNode> nodes, Consumer<String> progress) {
    this.backend = backend;
    this.nodes = nodes;
    this.progress = progress;
  }

  public KubernetesClient client() {
    return backend.client();
  }

  public ClusterBackend backend() {
    return backend;
  }

  public Map<String, DemoNode> nodes() {
    return nodes;
  }

  /** The nodes that run the classic device plugin instead of the DRA driver. */
  public Map<String, DevicePluginNode> pluginNodes() {
    return pluginNodes;
  }

  /**
   * Starts a node that runs our classic device plugin (no DRA driver, no slices) and waits until
   * all its GPUs are allocatable (the device manager writes 0 first, on registration).
   */
  void startPluginNode(Path workDir, String name, String profile) throws InterruptedException {
    DevicePluginNode node =
        DevicePluginNode.start(client(), backend.selectors(), workDir.resolve(name), name, profile);
    pluginNodes.put(name, node);
    await(node::allGpusAllocatable, READY_TIMEOUT, "nvidia.com/gpu on " + name);
    progress.accept(
        "node "
            + name
            + ": device plugin registered, nvidia.com/gpu allocatable "
            + node.allocatable().orElse("?"));
  }

  /**
   * Every slice, once each pool is whole: a plugin rewriting its pool deletes a slice before it
   * creates its successor, so a device may be briefly missing (waits up to 10 s).
   */
  public List<ResourceSlice> slices() {
    return CompletePools.settled(
        () -> client().dynamicResourceAllocation().v1().resourcesSlices().list().getItems(),
        Duration.ofSeconds(10));
  }

  /**
   * The ComputeDomain CRDs and controller, as the chart installs them; its domains' daemon
   * DaemonSets run the demo image on the nodes.
   */
  void startDomainController() {
    new DomainCrds(client()).install();
    // the account the daemons' pods run as (the chart makes it; ServiceAccount admission wants it)
    if (client()
            .serviceAccounts()
            .inNamespace(Demo.DRIVER_NAMESPACE)
            .withName(DaemonSetFactory.SERVICE_ACCOUNT)
            .get()
        == null) {
      client()
          .serviceAccounts()
          .inNamespace(Demo.DRIVER_NAMESPACE)
          .resource(
              new io.fabric8.kubernetes.api.model.ServiceAccountBuilder()
                  .withNewMetadata()
                  .withName(DaemonSetFactory.SERVICE_ACCOUNT)
                  .endMetadata()
                  .build())
          .create();
    }
    domainController =
        ComputeDomainController.start(
            client(),
            new DaemonSettings(
                Demo.DRIVER_NAMESPACE,
                DemoNode.IMAGE,
                4,
                18,
                Demo.DOMAIN_GATES,
                List.of(),
                dev.gpudra.api.computedomain.ImexMode.DRIVER_MANAGED),
            true,
            java.util.Optional.empty());
    progress.accept("ComputeDomain controller running");
  }

  DemoNode startNode(Path workDir, Demo.NodeSpec spec) throws InterruptedException {
    DemoNode node =
        DemoNode.start(client(), backend.selectors(), workDir.resolve(spec.name()), spec);
    await(
        () -> node.kubelet.isRegistered(DRIVER),
        READY_TIMEOUT,
        "the plugin on " + spec.name() + " to register");
    await(
        () -> node.kubelet.isRegistered(DomainPluginConfig.DRIVER_NAME),
        READY_TIMEOUT,
        "the compute-domain plugin on " + spec.name() + " to register");
    return node;
  }

  /**
   * Waits until every node publishes devices (any node, on a cluster that runs its own) and says
   * so. One list of the slices per look.
   */
  void awaitSlices(PrintWriter out) throws InterruptedException {
    await(
        () -> {
          Map<String, List<String>> published = published();
          return !published.isEmpty() && published.values().stream().noneMatch(List::isEmpty);
        },
        READY_TIMEOUT,
        "ResourceSlices");
    published()
        .forEach((n, names) ->
            out.printf("  %s publishes %d devices: %s%n", n, names.size(), shown(names)));
  }

  /** Every name of a short list; a long one (MIG devices made on demand) summed up. */
  private static String shown(List<String> names) {
    if (names.size() <= 24) {
      return String.join(" ", names);
    }
    long partitions = names.stream().filter(n -> n.contains("-mig-")).count();
    return String.join(" ", names.stream().filter(n -> !n.contains("-mig-")).toList())
        + " and "
        + partitions
        + " MIG devices (gpu-<n>-mig-<profile>-<id>-<placement>)";
  }

  /**
   * Device names by node: of our simulated nodes, or on a cluster with its own, of every node with
   * gpu.nvidia.com slices.
   */
  private Map<String, List<String>> published() {
    List<ResourceSlice> slices = slices();
    Map<String, List<String>> byNode = new TreeMap<>();
    if (!backend.runsGpuNodes()) {
      nodes.keySet().forEach(n -> byNode.put(n, new ArrayList<>()));
    }
    for (ResourceSlice s : CompletePools.complete(slices)) {
      String node = s.getSpec().getNodeName();
      if (DRIVER.equals(s.getSpec().getDriver()) && node != null) {
        List<String> names =
            backend.runsGpuNodes()
                ? byNode.computeIfAbsent(node, k -> new ArrayList<>())
                : byNode.get(node);
        if (names != null) {
          if (s.getSpec().getDevices() != null) {
            s.getSpec().getDevices().forEach(d -> names.add(d.getName()));
          }
        }
      }
    }
    return byNode;
  }

  /**
   * Why the scenario cannot run on these nodes: its GPU events name a node or device that is not
   * here (e.g. with {@code --nodes}), or it asks for the classic device plugin and no node runs it;
   * empty when it can (GPU events: or when the cluster's GPU nodes are its own).
   */
  public java.util.Optional<String> misfit(DemoSpec spec) {
    if (spec.migrates() && pluginNodes.isEmpty()) {
      return java.util.Optional.of("it needs a node that runs the classic device plugin");
    }
    return misfit(spec.gpuEvents());
  }

  private java.util.Optional<String> misfit(GpuEvents events) {
    if (backend.runsGpuNodes()) {
      return java.util.Optional.empty();
    }
    for (GpuEvents.Xid xid : events.xids()) {
      DemoNode node = nodes.get(xid.node());
      if (node == null || node.gpuSettings(xid.device()).isEmpty()) {
        return java.util.Optional.of(
            "its gpu-events.yaml names %s/%s, which these simulated nodes do not have"
                .formatted(xid.node(), xid.device()));
      }
    }
    return java.util.Optional.empty();
  }

  /**
   * Has the simulated GPUs report the scenario's events, and waits until every node's slices show
   * the taints they cause, so that the pods that follow are scheduled against them. A cluster whose
   * GPU nodes are its own (not simulated here) is left alone.
   *
   * @throws IllegalStateException an event names a node that is not a simulated node here
   */
  public void report(GpuEvents events) throws InterruptedException {
    if (backend.runsGpuNodes()) {
      return; // a cluster with real GPU nodes: nothing here can make its GPUs report anything
    }
    for (GpuEvents.Xid xid : events.xids()) {
      DemoNode node = nodes.get(xid.node());
      if (node == null) {
        throw new IllegalStateException(
            "gpu-events.yaml: node " + xid.node() + " is not a simulated node of this cluster");
      }
      node.injectXid(xid.device(), xid.xid(), xid.action());
      await(
          () -> xid.tainted(slices(), xid.node()),
          CLEANUP_TIMEOUT,
          "the taint of XID " + xid.xid() + " on " + xid.node() + "/" + xid.device());
    }
  }

  /** Deletes the namespaces' pods; returns a line saying whether everything was unprepared. */
  public String deletePodsAndAwaitUnprepare(List<String> namespaces) throws InterruptedException {
    namespaces.forEach(ns -> client().pods().inNamespace(ns).delete());
    if (domainController != null) {
      namespaces.forEach(ns -> client().resources(ComputeDomain.class).inNamespace(ns).delete());
    }
    try {
      await(this::clean, CLEANUP_TIMEOUT, "unprepare");
      return "all claims unprepared, every CDI spec removed, every GPU back to its defaults,"
          + " every ComputeDomain's daemons and node labels gone";
    } catch (IllegalStateException e) {
      return "left behind: " + e.getMessage();
    }
  }

  private boolean clean() {
    return nodes.values().stream()
            .allMatch(n ->
                n.pods.preparedClaims().isEmpty()
                    && noClaimSpecs(n.config.cdiRoot())
                    && noMetadataFiles(n.config.dataDir())
                    && n.gpusAtDefaults())
        && client().nodes().withLabel(ComputeDomainLabels.DOMAIN).list().getItems().isEmpty()
        && client()
            .apps()
            .daemonSets()
            .inNamespace(Demo.DRIVER_NAMESPACE)
            .list()
            .getItems()
            .isEmpty();
  }

  /**
   * No claim's spec is left, nor a claim's device metadata spec (the compute-domain plugin's base
   * spec stays while it runs).
   */
  private static boolean noClaimSpecs(Path dir) {
    if (!Files.isDirectory(dir)) {
      return true;
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .map(f -> f.getFileName().toString())
          .noneMatch(f -> f.contains("-claim_") || f.contains("_metadata_"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** No claim's device metadata file is left in the plugin's data directory. */
  private static boolean noMetadataFiles(Path dataDir) {
    Path dir = dataDir.resolve(MetadataPaths.HOST_SUBDIR);
    if (!Files.isDirectory(dir)) {
      return true;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      return files.noneMatch(Files::isRegularFile);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A scenario namespace's ComputeDomains, one line each: status, and each node's clique, index and
   * status.
   */
  public List<String> domains(String namespace) throws InterruptedException {
    if (domainController == null) {
      return List.of();
    }
    // the controller writes a domain's status every 2 s: give a domain that is about to be Ready
    // (its last daemon just joined) a few of those rounds, as a loaded CI machine may need
    long deadline = System.nanoTime() + DOMAIN_STATUS_WAIT.toNanos();
    List<ComputeDomain> domains =
        client().resources(ComputeDomain.class).inNamespace(namespace).list().getItems();
    while (System.nanoTime() < deadline && domains.stream().anyMatch(d -> !ready(d))) {
      Thread.sleep(100);
      domains = client().resources(ComputeDomain.class).inNamespace(namespace).list().getItems();
    }
    return domains.stream().map(DemoCluster::describe).toList();
  }

  private static boolean ready(ComputeDomain d) {
    return d.getStatus() != null
        && d.getStatus().status() == dev.gpudra.api.computedomain.DomainStatus.READY;
  }

  private static String describe(ComputeDomain d) {
    var status = d.getStatus();
    if (status == null) {
      return d.getMetadata().getName() + ": no status yet";
    }
    // one clique, as a domain's nodes usually share: named once
    boolean oneClique = status.nodes().stream().map(n -> n.cliqueID()).distinct().count() == 1;
    String nodes =
        status.nodes().stream()
            .map(n ->
                n.name()
                    + " ("
                    + (oneClique ? "" : "clique " + n.cliqueID() + ", ")
                    + "index "
                    + n.index()
                    + ", "
                    + n.status().value()
                    + ")")
            .collect(
                java.util.stream.Collectors.joining(
                    ", ",
                    oneClique ? "; clique " + status.nodes().get(0).cliqueID() + ": " : "; nodes ",
                    ""));
    return d.getMetadata().getName() + ": " + status.status().value() + nodes;
  }

  private static void await(java.util.function.BooleanSupplier done, Duration timeout, String what)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!done.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("timed out waiting for " + what);
      }
      Thread.sleep(20);
    }
  }

  /** Writes an admin kubeconfig (for kubectl and explain --kubeconfig). */
  Path writeKubeconfig(Path file) {
    return backend.writeKubeconfig(file);
  }

  @Override
  public void close() {
    if (domainController != null) {
      domainController.close();
    }
    nodes.values().forEach(DemoNode::close);
    pluginNodes.values().forEach(DevicePluginNode::close);
    backend.close();
  }
}
