package dev.gpudra.demo.realnode;

import dev.gpudra.deviceclasses.model.DeviceClassFactory;
import dev.gpudra.deviceclasses.model.DeviceClassOptions;
import dev.gpudra.localcluster.controlplane.ControlPlaneProcess;
import dev.gpudra.localcluster.node.DevicePlaceholders;
import dev.gpudra.localcluster.node.NodeLayout;
import dev.gpudra.localcluster.node.NodeNetwork;
import dev.gpudra.localcluster.node.NodePlugin;
import dev.gpudra.localcluster.node.NodeTools;
import dev.gpudra.localcluster.node.RealNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The real control plane, one real node and the GPU kubelet plugin on it, started in that order and
 * stopped in reverse; what started is stopped even when a later step fails.
 */
public final class RealNodeCluster implements AutoCloseable {
  public static final String NODE = "gpu-node-real";
  public static final String PROFILE = "dgx-a100-mig";

  /** As the embedded demo's A100 node runs: time slices set, health watched. */
  static final String GATES = "TimeSlicingSettings=true,NVMLDeviceHealthCheck=true";

  private static final int GPUS = 8;

  private final Deque<AutoCloseable> started = new ArrayDeque<>();
  private ControlPlaneProcess controlPlane;
  private RealNode node;

  private RealNodeCluster() {}

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
    RealNodeCluster cluster = new RealNodeCluster();
    try {
      cluster.startAll(testcluster, tools, imageClasspath, workDir, out);
      return cluster;
    } catch (RuntimeException | InterruptedException e) {
      cluster.close();
      throw e;
    }
  }

  private void startAll(
      Path testcluster, NodeTools tools, String imageClasspath, Path workDir, PrintWriter out)
      throws InterruptedException {
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
                NODE,
                controlPlane.kubeconfig(),
                client()));
    out.println(
        "real node "
            + NODE
            + " Ready: the kubelet and containerd (runc, CNI bridge) in "
            + node.layout().base());
    push(DevicePlaceholders.create(DevicePlaceholders.nvidiaPaths(GPUS)));
    new DeviceClassFactory()
        .deviceClasses(DeviceClassOptions.allDrivers())
        .forEach(c -> client().resource(c).create());
    NodePlugin plugin =
        push(
            new NodePlugin(
                imageClasspath,
                node,
                controlPlane.kubeconfig(),
                new NodePlugin.Simulated(PROFILE, GATES),
                workDir.resolve("gpu-kubelet-plugin.log")));
    plugin.start(1);
    out.println(
        "gpu-kubelet-plugin ("
            + PROFILE
            + ", simulated) registered by the real kubelet; log: "
            + plugin.log());
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
