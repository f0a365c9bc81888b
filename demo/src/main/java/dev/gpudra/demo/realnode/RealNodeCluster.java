package dev.gpudra.demo.realnode;

import dev.gpudra.demo.Demo;
import dev.gpudra.deviceclasses.model.DeviceClassFactory;
import dev.gpudra.deviceclasses.model.DeviceClassOptions;
import dev.gpudra.realcluster.controlplane.ControlPlaneProcess;
import dev.gpudra.realcluster.node.DevicePlaceholders;
import dev.gpudra.realcluster.node.NodeImage;
import dev.gpudra.realcluster.node.NodeJoin;
import dev.gpudra.realcluster.node.NodeLayout;
import dev.gpudra.realcluster.node.NodeNetwork;
import dev.gpudra.realcluster.node.NodePlugin;
import dev.gpudra.realcluster.node.NodeTools;
import dev.gpudra.realcluster.node.RealNode;
import dev.gpudra.testsupport.driver.ImexStandIn;
import dev.gpudra.testsupport.driver.MpsControlStandIn;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.stream.Stream;

/**
 * The real control plane, one real node (its driver root with the MPS control and IMEX stand-ins)
 * and the GPU kubelet plugin on it, started in that order and stopped in reverse; what started is
 * stopped even when a later step fails. The plugins play the embedded demo's nodes ({@link
 * NodePlayer}).
 */
public final class RealNodeCluster implements AutoCloseable {
  public static final String NODE = "gpu-node-real";
  static final String DRIVER = "gpu.nvidia.com";

  private static final int GPUS = 8;

  private final Deque<AutoCloseable> started = new ArrayDeque<>();
  private final PluginImage image;
  private final Path workDir;
  private final PrintWriter out;
  private ControlPlaneProcess controlPlane;
  private RealNode node;
  private NodePlayer player;

  private RealNodeCluster(PluginImage image, Path workDir, PrintWriter out) {
    this.image = image;
    this.workDir = workDir;
    this.out = out;
  }

  /**
   * @param testcluster the built gpu-dra-testcluster
   * @param tools the node's programs ({@link NodeTools#locate})
   * @param image our image: its classpath for the plugin processes; its tar, when there is one,
   *     imported into the node's containerd as {@link NodePlugin#MPS_IMAGE} (MPS control daemons,
   *     IMEX daemons)
   * @param workDir logs and the control plane's files
   * @param out progress lines
   */
  public static RealNodeCluster start(
      Path testcluster, NodeTools tools, PluginImage image, Path workDir, PrintWriter out)
      throws InterruptedException {
    RealNodeCluster cluster = new RealNodeCluster(image, workDir, out);
    try {
      cluster.startAll(testcluster, tools);
      return cluster;
    } catch (RuntimeException | InterruptedException e) {
      cluster.close();
      throw e;
    }
  }

  /** The node network's flags and the demo's gates (gpu-node-3's compatibility groups). */
  private static List<String> flags(NodeNetwork network) {
    return Stream.concat(network.apiServerFlags().stream(), Demo.CONTROL_PLANE_GATES.stream())
        .toList();
  }

  private void startAll(Path testcluster, NodeTools tools) throws InterruptedException {
    NodeNetwork network = push(NodeNetwork.up());
    controlPlane =
        push(
            ControlPlaneProcess.start(
                testcluster,
                workDir.resolve("control-plane"),
                Duration.ofSeconds(120),
                flags(network)));
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
    MpsControlStandIn.install(node.layout().driverRoot());
    ImexStandIn.install(node.layout().driverRoot());
    image.tar().ifPresent(this::loadImage);
    new DeviceClassFactory()
        .deviceClasses(DeviceClassOptions.allDrivers())
        .forEach(c -> client().resource(c).create());
    player =
        push(
            new NodePlayer(
                new NodePlayer.Site(
                    node, client(), controlPlane.kubeconfig(), image.classpath(), workDir),
                out,
                this::checkClusterAlive));
  }

  /**
   * Imports our image into the node's containerd under the name the plugin gives its MPS control
   * daemons; it is removed again when the cluster stops.
   */
  private void loadImage(Path tar) {
    NodeImage loaded = push(NodeImage.load(node, tar, NodePlugin.MPS_IMAGE));
    out.println("  our image " + tar + " imported into the node's containerd as " + loaded.refs());
  }

  /** The plugins on the node and the demo nodes they play. */
  NodePlayer player() {
    return player;
  }

  /**
   * @throws NodeExitedException naming each process of the control plane, the node or the plugin
   *     that has exited, with its exit code
   */
  void checkAlive() {
    exitedIfAny(
        Stream.of(controlPlane.exited().stream(), node.exited().stream(), player.exited().stream())
            .flatMap(s -> s)
            .toList());
  }

  /** {@link #checkAlive} for the control plane and the node alone. */
  private void checkClusterAlive() {
    exitedIfAny(Stream.concat(controlPlane.exited().stream(), node.exited().stream()).toList());
  }

  private static void exitedIfAny(List<String> exited) {
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
