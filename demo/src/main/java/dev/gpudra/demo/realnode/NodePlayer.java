package dev.gpudra.demo.realnode;

import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.demo.Demo;
import dev.gpudra.demo.GpuEvents;
import dev.gpudra.realcluster.node.NodeComputeDomains;
import dev.gpudra.realcluster.node.NodeDevicePlugin;
import dev.gpudra.realcluster.node.NodePlugin;
import dev.gpudra.realcluster.node.RealNode;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * The plugins on the real node and the demo nodes they play: the GPU kubelet plugin as one demo
 * node at a time ({@link #play}, a process on simulated GPUs), with the {@link PassthroughHost} a
 * node with PassthroughSupport needs, and our classic device plugin beside it while a scenario
 * written for it runs, or the ComputeDomain controller and kubelet plugin while a ComputeDomain
 * scenario runs. Closing stops every one.
 */
final class NodePlayer implements AutoCloseable {
  private static final Duration SLICES_TIMEOUT = Duration.ofSeconds(60);

  /**
   * Where the plugins run.
   *
   * @param kubeconfig the GPU kubelet plugin's credentials
   * @param imageClasspath the image's classpath, for the plugin processes
   * @param workDir their logs
   */
  record Site(
      RealNode node,
      KubernetesClient client,
      Path kubeconfig,
      String imageClasspath,
      Path workDir) {}

  private final Site site;
  private final PrintWriter out;
  private final Runnable clusterAlive;
  private NodePlugin plugin;
  private PassthroughHost passthrough;
  private NodeDevicePlugin devicePlugin;
  private NodeComputeDomains domains;
  private int registrations;
  private Demo.NodeSpec playing;
  private boolean reportedXids;

  /**
   * @param clusterAlive throws a {@link NodeExitedException} when a process of the control plane or
   *     the node has exited
   */
  NodePlayer(Site site, PrintWriter out, Runnable clusterAlive) {
    this.site = site;
    this.out = out;
    this.clusterAlive = clusterAlive;
  }

  /**
   * Runs the plugin as a process as the demo's node {@code spec} runs it; restarting it when it
   * played another node: the old plugin stops, its ResourceSlices are deleted, and the new one is
   * registered by the kubelet and has published a complete pool before this returns. A plugin whose
   * GPUs reported XIDs restarts too, as their taints stay until it does.
   */
  void play(Demo.NodeSpec spec) throws InterruptedException {
    if (spec.equals(playing) && !reportedXids) {
      return;
    }
    stopPlugin();
    plugin =
        new NodePlugin(
            site.imageClasspath(),
            site.node(),
            site.kubeconfig(),
            new NodePlugin.Simulated(
                spec.profile(),
                spec.featureGates(),
                spec.consumableShares(),
                passthroughHost(spec).map(h -> h.sysfs().root())),
            site.workDir().resolve("gpu-kubelet-plugin.log"));
    plugin.start(registrations + 1);
    registrations = plugin.registrations();
    awaitSlices(() -> PoolState.complete(slices()), "published no complete pool");
    playing = spec;
    out.printf(
        "%ngpu-kubelet-plugin plays %s (%s, simulated; %s) registered by the real kubelet; log: %s%n",
        spec.name(), spec.profile(), spec.featureGates(), plugin.log());
  }

  /**
   * For a node with PassthroughSupport, its PCI bus as a sysfs stand-in and its VFIO device nodes,
   * kept until the plugin stops; else empty.
   */
  private Optional<PassthroughHost> passthroughHost(Demo.NodeSpec spec) {
    if (!FeatureGates.parse(spec.featureGates()).enabled(FeatureGate.PASSTHROUGH_SUPPORT)) {
      return Optional.empty();
    }
    passthrough = PassthroughHost.start(site.node().layout().base().resolve("sys"), spec.profile());
    return Optional.of(passthrough);
  }

  /**
   * Stops the plugin that plays now, if any, deletes its ResourceSlices, and removes the
   * passthrough host it had and its XID inbox.
   */
  private void stopPlugin() {
    if (plugin == null) {
      return;
    }
    plugin.close();
    plugin = null;
    playing = null;
    XidReport.of(site.node().layout()).remove();
    reportedXids = false;
    if (passthrough != null) {
      passthrough.close();
      passthrough = null;
    }
    site.client()
        .resources(ResourceSlice.class)
        .withField("spec.nodeName", site.node().nodeName())
        .delete();
  }

  /**
   * Has the GPUs of the node the plugin plays report the scenario's XIDs through its simulated
   * NVML's inbox ({@link XidReport}), and waits until the slices show each as its device's taint,
   * so that the pods that follow are scheduled against them (as the embedded demo does).
   *
   * @throws IllegalStateException an XID names another node than the one played
   */
  void report(GpuEvents events) throws InterruptedException {
    for (GpuEvents.Xid xid : events.xids()) {
      if (playing == null || !xid.node().equals(playing.name())) {
        throw new IllegalStateException(
            "gpu-events.yaml: node " + xid.node() + " is not the node the plugin plays");
      }
      reportedXids = true;
      XidReport.of(site.node().layout()).inject(slices(), xid);
      awaitSlices(
          () -> xid.tainted(slices(), site.node().nodeName()),
          "did not taint " + xid.device() + " for XID " + xid.xid());
      out.printf(
          "  %s/%s reported XID %d: the plugin tainted %s in the real node's ResourceSlice%n",
          xid.node(), xid.device(), xid.xid(), xid.device());
    }
  }

  private void awaitSlices(BooleanSupplier done, String failure) throws InterruptedException {
    Instant deadline = Instant.now().plus(SLICES_TIMEOUT);
    while (!done.getAsBoolean()) {
      checkAlive();
      if (Instant.now().isAfter(deadline)) {
        throw new NodeExitedException(
            "the GPU kubelet plugin "
                + failure
                + " within "
                + SLICES_TIMEOUT.toSeconds()
                + " s"
                + (plugin == null ? "" : "; see " + plugin.log()));
      }
      Thread.sleep(100);
    }
  }

  /**
   * Starts our classic device plugin beside the GPU kubelet plugin, as the demo's device-plugin
   * node runs it, and waits until the Node's allocatable has its GPUs; it runs until {@link
   * #stopDevicePlugin}.
   */
  void startDevicePlugin() throws InterruptedException {
    devicePlugin =
        new NodeDevicePlugin(
            site.imageClasspath(),
            site.node(),
            site.client(),
            Demo.PLUGIN_NODE_PROFILE,
            site.workDir().resolve("device-plugin.log"));
    devicePlugin.start();
    out.printf(
        "  the classic device plugin plays %s (%s, simulated) beside it: %d %s; log: %s%n",
        Demo.PLUGIN_NODE,
        Demo.PLUGIN_NODE_PROFILE,
        devicePlugin.allocatable(),
        NodeDevicePlugin.RESOURCE,
        devicePlugin.log());
  }

  void stopDevicePlugin() {
    if (devicePlugin != null) {
      devicePlugin.close();
      devicePlugin = null;
    }
  }

  /**
   * Runs ComputeDomains as the played node runs them, until {@link #stopComputeDomains}: the
   * ComputeDomain controller and the compute-domain kubelet plugin on its profile, which labels the
   * node with its NVLink clique ({@code --gpu-clique-label-enabled}).
   *
   * @throws IllegalStateException the played node is in no NVLink clique, or the plugin did not
   *     label it within 10 s
   */
  void startComputeDomains() throws InterruptedException {
    Demo.NodeSpec spec = playing();
    String clique =
        NvlinkClique.of(spec.profile(), site.node().nodeName())
            .orElseThrow(() ->
                new IllegalStateException(
                    spec.name() + " (" + spec.profile() + ") is in no NVLink clique"));
    domains =
        new NodeComputeDomains(
            new NodeComputeDomains.Launch(site.imageClasspath(), site.kubeconfig(), site.workDir()),
            site.node(),
            site.client(),
            new NodePlugin.Simulated(spec.profile(), spec.featureGates()));
    domains.start();
    awaitCliqueLabel(Optional.of(clique));
    out.printf(
        "  the ComputeDomain controller and the compute-domain kubelet plugin run beside it;"
            + " the plugin labelled the node %s=%s; log: %s%n",
        NvlinkClique.LABEL, clique, domains.pluginLog());
  }

  /**
   * Stops them once the node ran the domains' daemons down; the plugin removes the clique label.
   *
   * @throws IllegalStateException the label is still there 10 s after the plugin stopped
   */
  void stopComputeDomains() {
    if (domains != null) {
      Path log = domains.pluginLog();
      domains.close();
      domains = null;
      try {
        awaitCliqueLabel(Optional.empty());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (IllegalStateException e) {
        throw new IllegalStateException(e.getMessage() + "; see " + log, e);
      }
    }
  }

  private void awaitCliqueLabel(Optional<String> expected) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    Optional<String> seen = cliqueLabel();
    while (!seen.equals(expected) && System.nanoTime() < deadline) {
      Thread.sleep(100);
      seen = cliqueLabel();
    }
    if (!seen.equals(expected)) {
      throw new IllegalStateException(
          "node "
              + site.node().nodeName()
              + ": label "
              + NvlinkClique.LABEL
              + " is "
              + seen.orElse("absent")
              + ", not "
              + expected.orElse("absent")
              + ", 10 s after the compute-domain kubelet plugin "
              + (expected.isPresent() ? "started" : "was stopped"));
    }
  }

  private Optional<String> cliqueLabel() {
    Map<String, String> labels =
        site.client().nodes().withName(site.node().nodeName()).get().getMetadata().getLabels();
    return Optional.ofNullable(labels == null ? null : labels.get(NvlinkClique.LABEL));
  }

  /**
   * The demo nodes the real node plays now: the GPU kubelet plugin's, and the device-plugin node's
   * while the classic device plugin runs.
   */
  Set<String> playingNames() {
    return devicePlugin == null
        ? Set.of(playing().name())
        : Set.of(playing().name(), Demo.PLUGIN_NODE);
  }

  /** The demo node the GPU kubelet plugin plays now. */
  Demo.NodeSpec playing() {
    return Objects.requireNonNull(playing, "no node played yet");
  }

  /**
   * The node's pool once whole, newest generation only: the plugin rewrites its pool when a claim
   * changes what it publishes (DynamicMIG), deleting old slices before it creates new ones, and a
   * reader in between sees devices missing. Waits up to 10 s for a rewrite to end.
   */
  List<ResourceSlice> wholePool() throws InterruptedException {
    long deadline = System.nanoTime() + java.time.Duration.ofSeconds(10).toNanos();
    List<ResourceSlice> slices = slices();
    while (!PoolState.complete(slices) && System.nanoTime() < deadline) {
      Thread.sleep(100);
      slices = slices();
    }
    return PoolState.newest(slices);
  }

  /** The node's gpu.nvidia.com ResourceSlices. */
  List<ResourceSlice> slices() {
    return site
        .client()
        .resources(ResourceSlice.class)
        .withField("spec.nodeName", site.node().nodeName())
        .list()
        .getItems()
        .stream()
        .filter(s -> RealNodeCluster.DRIVER.equals(s.getSpec().getDriver()))
        .toList();
  }

  /** How each plugin process that has exited ended; empty while they run. */
  List<String> exited() {
    return Stream.of(
            plugin == null ? List.<String>of() : plugin.exited().stream().toList(),
            devicePlugin == null ? List.<String>of() : devicePlugin.exited().stream().toList(),
            domains == null ? List.<String>of() : domains.exited())
        .flatMap(List::stream)
        .toList();
  }

  private void checkAlive() {
    clusterAlive.run();
    List<String> exited = exited();
    if (!exited.isEmpty()) {
      throw new NodeExitedException(String.join("; ", exited));
    }
  }

  /**
   * Stops the device plugin and ComputeDomains, then the GPU kubelet plugin and its passthrough
   * host.
   */
  @Override
  public void close() {
    stopDevicePlugin();
    try {
      stopComputeDomains();
    } finally {
      stopPlugin();
    }
  }
}
