package dev.gpudra.realcluster.node;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Our classic device plugin on a real node, as a process of the image's entry point ({@code gpu-dra
 * device-plugin}) on simulated GPUs: it registers {@code nvidia.com/gpu} with the kubelet's device
 * manager through the kubelet's real socket, with its own socket beside it, and writes its CDI spec
 * to the node's CDI directory. Its output goes to one log file across restarts.
 */
public final class NodeDevicePlugin implements AutoCloseable {
  /** The extended resource it advertises. */
  public static final String RESOURCE = "nvidia.com/gpu";

  private static final Duration ALLOCATABLE_TIMEOUT = Duration.ofSeconds(60);

  private final ImageProcess process;
  private final RealNode node;
  private final KubernetesClient client;

  /**
   * @param imageClasspath the image's classpath ({@code deployments/container/target/libs/*})
   * @param client reads the Node's allocatable
   * @param profile the simulated GPU profile
   * @param log where its output goes
   */
  public NodeDevicePlugin(
      String imageClasspath, RealNode node, KubernetesClient client, String profile, Path log) {
    this.node = node;
    this.client = client;
    this.process =
        new ImageProcess(
            "the classic device plugin",
            node,
            imageClasspath,
            List.of(
                "device-plugin",
                "--node-name=" + node.nodeName(),
                "--simulated-gpus=" + profile,
                "--cdi-root=" + node.layout().cdiDir(),
                "--healthcheck-port=-1"),
            log);
  }

  /** Starts it and waits until the Node's allocatable has its GPUs. */
  public void start() throws InterruptedException {
    process.start();
    Poll.until(
        ALLOCATABLE_TIMEOUT,
        () -> allocatable() > 0,
        () ->
            process
                .exited()
                .ifPresent(e -> {
                  throw new RealNodeStartException(e);
                }),
        () ->
            "the Node's allocatable has no "
                + RESOURCE
                + " within "
                + ALLOCATABLE_TIMEOUT.toSeconds()
                + " s; see "
                + process.log());
  }

  /** How many {@code nvidia.com/gpu} the Node can allocate now. */
  public int allocatable() {
    Node current = client.nodes().withName(node.nodeName()).get();
    if (current == null
        || current.getStatus() == null
        || current.getStatus().getAllocatable() == null) {
      return 0;
    }
    Quantity gpus = current.getStatus().getAllocatable().get(RESOURCE);
    return gpus == null ? 0 : gpus.getNumericalAmount().intValue();
  }

  /** How it ended; empty while it runs (or before it started). */
  public Optional<String> exited() {
    return process.exited();
  }

  public Path log() {
    return process.log();
  }

  /** SIGTERM, as the kubelet's runtime stops the plugin's container. */
  @Override
  public void close() {
    process.stop();
  }
}
