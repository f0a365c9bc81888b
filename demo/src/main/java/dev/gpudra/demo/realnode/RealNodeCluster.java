package dev.gpudra.demo.realnode;

import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.demo.Demo;
import dev.gpudra.demo.GpuEvents;
import dev.gpudra.deviceclasses.model.DeviceClassFactory;
import dev.gpudra.deviceclasses.model.DeviceClassOptions;
import dev.gpudra.realcluster.controlplane.ControlPlaneProcess;
import dev.gpudra.realcluster.node.DevicePlaceholders;
import dev.gpudra.realcluster.node.NodeDevicePlugin;
import dev.gpudra.realcluster.node.NodeJoin;
import dev.gpudra.realcluster.node.NodeLayout;
import dev.gpudra.realcluster.node.NodeNetwork;
import dev.gpudra.realcluster.node.NodePlugin;
import dev.gpudra.realcluster.node.NodeTools;
import dev.gpudra.realcluster.node.RealNode;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The real control plane, one real node and the GPU kubelet plugin on it, started in that order and
 * stopped in reverse; what started is stopped even when a later step fails. The plugin plays one of
 * the embedded demo's nodes at a time ({@link #play}): its GPU profile, feature gates and
 * consumable shares.
 */
public final class RealNodeCluster implements AutoCloseable {
  public static final String NODE = "gpu-node-real";
  static final String DRIVER = "gpu.nvidia.com";

  private static final int GPUS = 8;
  private static final Duration SLICES_TIMEOUT = Duration.ofSeconds(60);

  private final Deque<AutoCloseable> started = new ArrayDeque<>();
  private final String imageClasspath;
  private final Path workDir;
  private final PrintWriter out;
  private ControlPlaneProcess controlPlane;
  private RealNode node;
  private NodePlugin plugin;
  private InJvmPlugin inJvm;
  private PassthroughHost passthrough;
  private NodeDevicePlugin devicePlugin;
  private int registrations;
  private Role playing;

  /**
   * A demo node the plugin plays, and whether it runs in this JVM ({@link InJvmPlugin}) rather than
   * as a process.
   */
  private record Role(Demo.NodeSpec spec, boolean inJvm) {}

  private RealNodeCluster(String imageClasspath, Path workDir, PrintWriter out) {
    this.imageClasspath = imageClasspath;
    this.workDir = workDir;
    this.out = out;
  }

  /**
   * @param testcluster the built gpu-dra-testcluster
   * @param tools the node's programs ({@link NodeTools#locate})
   * @param imageClasspath the image's classpath, for the plugin process
   * @param workDir logs and the control plane's files
   * @param out progress lines
   */
  public static RealNodeCluster start(
      Path testcluster, NodeTools tools, String imageClasspath, Path workDir, PrintWriter out)
      throws InterruptedException {
    RealNodeCluster cluster = new RealNodeCluster(imageClasspath, workDir, out);
    try {
      cluster.startAll(testcluster, tools);
      return cluster;
    } catch (RuntimeException | InterruptedException e) {
      cluster.close();
      throw e;
    }
  }

  private void startAll(Path testcluster, NodeTools tools) throws InterruptedException {
    NodeNetwork network = push(NodeNetwork.up());
    controlPlane =
        push(
            ControlPlaneProcess.start(
                testcluster,
                workDir.resolve("control-plane"),
                Duration.ofSeconds(120),
                network.apiServerFlags()));
    out.println("gpu-dra-testcluster ready: " + controlPlane.readyLine());
    node =
        push(
            RealNode.start(
                tools,
                new NodeLayout(tempDir()),
                network,
                new NodeJoin(NODE, controlPlane.kubeconfig(), client())));
    out.println(
        "real node "
            + NODE
            + " Ready: the kubelet and containerd (runc, CNI bridge) in "
            + node.layout().base());
    push(DevicePlaceholders.create(DevicePlaceholders.nvidiaPaths(GPUS)));
    new DeviceClassFactory()
        .deviceClasses(DeviceClassOptions.allDrivers())
        .forEach(c -> client().resource(c).create());
  }

  /**
   * Runs the plugin as the demo's node {@code spec} runs it, as a process or, for a scenario whose
   * GPUs report XIDs, in this JVM; restarting it when it played another node or ran the other way:
   * the old plugin stops, its ResourceSlices are deleted, and the new one is registered by the
   * kubelet and has published a complete pool before this returns.
   */
  void play(Demo.NodeSpec spec, boolean inThisJvm) throws InterruptedException {
    Role role = new Role(spec, inThisJvm);
    if (role.equals(playing)) {
      return;
    }
    stopPlugin();
    String where;
    if (inThisJvm) {
      inJvm = push(InJvmPlugin.start(node, client(), controlPlane.kubeconfig(), spec));
      where = "in the demo's JVM";
    } else {
      plugin =
          push(
              new NodePlugin(
                  imageClasspath,
                  node,
                  controlPlane.kubeconfig(),
                  new NodePlugin.Simulated(
                      spec.profile(),
                      spec.featureGates(),
                      spec.consumableShares(),
                      passthroughHost(spec).map(h -> h.sysfs().root())),
                  workDir.resolve("gpu-kubelet-plugin.log")));
      plugin.start(registrations + 1);
      registrations = plugin.registrations();
      where = "log: " + plugin.log();
    }
    awaitCompletePool();
    playing = role;
    out.printf(
        "%ngpu-kubelet-plugin plays %s (%s, simulated; %s) registered by the real kubelet; %s%n",
        spec.name(), spec.profile(), spec.featureGates(), where);
  }

  /**
   * For a node with PassthroughSupport, its PCI bus as a sysfs stand-in and its VFIO device nodes
   * ({@link PassthroughHost}), kept until the plugin stops; else empty.
   */
  private Optional<PassthroughHost> passthroughHost(Demo.NodeSpec spec) {
    if (!FeatureGates.parse(spec.featureGates()).enabled(FeatureGate.PASSTHROUGH_SUPPORT)) {
      return Optional.empty();
    }
    passthrough = push(PassthroughHost.start(node.layout().base().resolve("sys"), spec.profile()));
    return Optional.of(passthrough);
  }

  /**
   * Stops the plugin that plays now, if any, deletes its ResourceSlices, and removes the
   * passthrough host it had.
   */
  private void stopPlugin() {
    if (plugin == null && inJvm == null) {
      return;
    }
    if (plugin != null) {
      started.remove(plugin);
      plugin.close();
      plugin = null;
    }
    if (inJvm != null) {
      started.remove(inJvm);
      inJvm.close();
      inJvm = null;
    }
    if (passthrough != null) {
      started.remove(passthrough);
      passthrough.close();
      passthrough = null;
    }
    client().resources(ResourceSlice.class).withField("spec.nodeName", NODE).delete();
  }

  /**
   * Has the GPUs of the node the plugin plays in this JVM report the scenario's XIDs, and waits
   * until the slices show each as its device's taint, so that the pods that follow are scheduled
   * against them (as the embedded demo does).
   *
   * @throws IllegalStateException an XID names another node than the one played in this JVM
   */
  void report(GpuEvents events) throws InterruptedException {
    for (GpuEvents.Xid xid : events.xids()) {
      if (inJvm == null || !xid.node().equals(playing.spec().name())) {
        throw new IllegalStateException(
            "gpu-events.yaml: node "
                + xid.node()
                + " is not the node the plugin plays in the demo's JVM");
      }
      inJvm.injectXid(xid.device(), xid.xid());
      Instant deadline = Instant.now().plus(SLICES_TIMEOUT);
      while (!xid.tainted(slices(), NODE)) {
        checkAlive();
        if (Instant.now().isAfter(deadline)) {
          throw new NodeExitedException(
              "the GPU kubelet plugin did not taint "
                  + xid.device()
                  + " for XID "
                  + xid.xid()
                  + " within "
                  + SLICES_TIMEOUT.toSeconds()
                  + " s");
        }
        Thread.sleep(100);
      }
      out.printf(
          "  %s/%s reported XID %d: the plugin tainted %s in the real node's ResourceSlice%n",
          xid.node(), xid.device(), xid.xid(), xid.device());
    }
  }

  private void awaitCompletePool() throws InterruptedException {
    Instant deadline = Instant.now().plus(SLICES_TIMEOUT);
    while (!PoolState.complete(slices())) {
      checkAlive();
      if (Instant.now().isAfter(deadline)) {
        throw new NodeExitedException(
            "the GPU kubelet plugin published no complete pool within "
                + SLICES_TIMEOUT.toSeconds()
                + " s; see "
                + plugin.log());
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
        push(
            new NodeDevicePlugin(
                imageClasspath,
                node,
                client(),
                Demo.PLUGIN_NODE_PROFILE,
                workDir.resolve("device-plugin.log")));
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
      started.remove(devicePlugin);
      devicePlugin.close();
      devicePlugin = null;
    }
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

  /** The node's gpu.nvidia.com ResourceSlices. */
  List<ResourceSlice> slices() {
    return client()
        .resources(ResourceSlice.class)
        .withField("spec.nodeName", NODE)
        .list()
        .getItems()
        .stream()
        .filter(s -> DRIVER.equals(s.getSpec().getDriver()))
        .toList();
  }

  /** The demo node the plugin plays now. */
  Demo.NodeSpec playing() {
    return Objects.requireNonNull(playing, "no node played yet").spec();
  }

  /**
   * @throws NodeExitedException naming each process of the control plane, the node or the plugin
   *     that has exited, with its exit code
   */
  void checkAlive() {
    List<String> exited =
        Stream.of(
                controlPlane.exited().stream(),
                node.exited().stream(),
                plugin == null ? Stream.<String>empty() : plugin.exited().stream(),
                devicePlugin == null ? Stream.<String>empty() : devicePlugin.exited().stream())
            .flatMap(s -> s)
            .toList();
    if (!exited.isEmpty()) {
      throw new NodeExitedException(String.join("; ", exited));
    }
  }

  public KubernetesClient client() {
    return controlPlane.client();
  }

  public RealNode node() {
    return node;
  }

  private <T extends AutoCloseable> T push(T resource) {
    started.push(resource);
    return resource;
  }

  /** A short base directory: Unix socket paths under it must stay below 108 bytes. */
  private static Path tempDir() {
    try {
      return Files.createTempDirectory("gpu-dra-node-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the node's directory", e);
    }
  }

  /** Drains the node while the plugin still runs, then stops everything in reverse order. */
  @Override
  public void close() {
    if (node != null) {
      node.drain();
    }
    RuntimeException first = null;
    while (!started.isEmpty()) {
      try {
        started.pop().close();
      } catch (Exception e) {
        if (first == null) {
          first = new IllegalStateException("stopping the real-node cluster failed", e);
        } else {
          first.addSuppressed(e);
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }
}
