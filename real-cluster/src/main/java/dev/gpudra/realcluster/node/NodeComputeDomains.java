package dev.gpudra.realcluster.node;

import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * ComputeDomains on a real node as our chart runs them, its containers as processes of the image's
 * classpath: the CRDs and the daemons' account ({@link ComputeDomainAccess}), the ComputeDomain
 * controller, and the {@code compute-domain.nvidia.com} kubelet plugin on a simulated profile. The
 * controller's IMEX daemon DaemonSets run {@link NodePlugin#MPS_IMAGE} in the node's containerd, so
 * our image must be loaded under that name ({@link NodeImage}), and the driver root must hold the
 * {@code nvidia-imex} stand-ins. Closing waits until the node ran the daemons down, then stops
 * both.
 */
public final class NodeComputeDomains implements AutoCloseable {
  public static final String DRIVER = "compute-domain.nvidia.com";

  /** The driver's namespace: daemon DaemonSets, their pods and cliques. */
  public static final String NAMESPACE = "gpu-dra";

  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  private final RealNode node;
  private final KubernetesClient client;
  private final ImageProcess controller;
  private final ImageProcess plugin;

  /**
   * How its processes run.
   *
   * @param imageClasspath the image's classpath ({@code deployments/container/target/libs/*})
   * @param kubeconfig their credentials
   * @param logDir where each logs
   */
  public record Launch(String imageClasspath, Path kubeconfig, Path logDir) {}

  /**
   * @param profile the plugin's simulated GPUs (their NVLink clique) and feature gates, which the
   *     controller (and through it the daemons) gets too, as from the chart
   */
  public NodeComputeDomains(
      Launch launch, RealNode node, KubernetesClient client, NodePlugin.Simulated profile) {
    String imageClasspath = launch.imageClasspath();
    Path kubeconfig = launch.kubeconfig();
    Path logDir = launch.logDir();
    this.node = node;
    this.client = client;
    this.controller =
        new ImageProcess(
            "the ComputeDomain controller",
            node,
            imageClasspath,
            List.of(
                "compute-domain-controller",
                "--kubeconfig=" + kubeconfig,
                "--namespace=" + NAMESPACE,
                "--image-name=" + NodePlugin.MPS_IMAGE,
                "--feature-gates=" + profile.featureGates()),
            logDir.resolve("compute-domain-controller.log"));
    NodeLayout layout = node.layout();
    this.plugin =
        new ImageProcess(
            "the compute-domain kubelet plugin",
            node,
            imageClasspath,
            List.of(
                "compute-domain-kubelet-plugin",
                "--node-name=" + node.nodeName(),
                "--kubeconfig=" + kubeconfig,
                "--namespace=" + NAMESPACE,
                "--cdi-root=" + layout.cdiDir(),
                "--kubelet-registrar-directory-path=" + layout.registrarDir(),
                "--kubelet-plugins-directory-path=" + layout.pluginsDir(),
                "--nvidia-driver-root=" + layout.driverRoot(),
                "--container-driver-root=" + layout.driverRoot(),
                "--simulated-gpus=" + profile.profile(),
                "--feature-gates=" + profile.featureGates(),
                "--gpu-clique-label-enabled=true",
                "--healthcheck-port=-1"),
            logDir.resolve("compute-domain-kubelet-plugin.log"));
  }

  /**
   * Installs the CRDs and account, starts both, and waits until the kubelet registered the plugin.
   */
  public void start() throws InterruptedException {
    ComputeDomainAccess.install(client, NAMESPACE);
    controller.start();
    plugin.start();
    Poll.until(
        TIMEOUT,
        () -> read(plugin.log()).contains("kubelet registered DRA driver " + DRIVER),
        () ->
            exited().stream()
                .findFirst()
                .ifPresent(e -> {
                  throw new RealNodeStartException(e);
                }),
        () ->
            "the kubelet did not register the compute-domain kubelet plugin within "
                + TIMEOUT.toSeconds()
                + " s; see "
                + plugin.log());
    Poll.until(
        TIMEOUT,
        () -> !slices().isEmpty(),
        () ->
            exited().stream()
                .findFirst()
                .ifPresent(e -> {
                  throw new RealNodeStartException(e);
                }),
        () ->
            "the compute-domain kubelet plugin published no ResourceSlice within "
                + TIMEOUT.toSeconds()
                + " s; see "
                + plugin.log());
  }

  private List<ResourceSlice> slices() {
    return client
        .resources(ResourceSlice.class)
        .withField("spec.nodeName", node.nodeName())
        .list()
        .getItems()
        .stream()
        .filter(s -> DRIVER.equals(s.getSpec().getDriver()))
        .toList();
  }

  /** How each process that has exited ended; empty while both run. */
  public List<String> exited() {
    return Stream.of(controller.exited(), plugin.exited()).flatMap(Optional::stream).toList();
  }

  public Path pluginLog() {
    return plugin.log();
  }

  private static String read(Path log) {
    try {
      return Files.exists(log) ? Files.readString(log) : "";
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + log, e);
    }
  }

  /**
   * Waits until no daemon pod is left in the driver's namespace (their claims unprepared while the
   * plugin runs), stops the plugin and the controller, and deletes the plugin's ResourceSlices.
   */
  @Override
  public void close() {
    try {
      Poll.until(
          TIMEOUT,
          () -> client.pods().inNamespace(NAMESPACE).list().getItems().isEmpty(),
          () -> {},
          () -> "the IMEX daemon pods in namespace " + NAMESPACE + " did not stop");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      plugin.stop();
      controller.stop();
      slices().forEach(s -> client.resource(s).delete());
    }
  }
}
