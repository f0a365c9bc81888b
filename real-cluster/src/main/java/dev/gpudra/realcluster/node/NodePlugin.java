package dev.gpudra.realcluster.node;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The GPU kubelet plugin on a real node, as a process of the image's entry point on the image's
 * classpath, with NVIDIA's flags pointed at the node's kubelet, CDI and driver root directories and
 * a simulated profile, under the testcluster's supervisor (it stops when this JVM dies). Its output
 * goes to one log file across restarts.
 */
public final class NodePlugin implements AutoCloseable {
  /** What the plugin logs each time a kubelet registers it. */
  public static final String REGISTERED = "kubelet registered DRA driver gpu.nvidia.com";

  /**
   * The image its MPS control daemons' Deployments name (MPSSupport requires one): a claim that
   * asks for MPS waits for a daemon that cannot start unless our image is loaded under this name
   * ({@link NodeImage}).
   */
  public static final String MPS_IMAGE = "gpu-dra:real-node";

  private static final Duration REGISTRATION_TIMEOUT = Duration.ofSeconds(60);

  private final ImageProcess process;
  private final Path log;

  /**
   * @param imageClasspath the image's classpath ({@code deployments/container/target/libs/*})
   * @param node the node the plugin serves
   * @param kubeconfig the plugin's credentials
   * @param profile the simulated GPU profile and the plugin's feature gates
   * @param log where its output goes
   */
  public NodePlugin(
      String imageClasspath, RealNode node, Path kubeconfig, Simulated profile, Path log) {
    this.log = log;
    NodeLayout layout = node.layout();
    List<String> flags =
        new java.util.ArrayList<>(
            List.of(
                "gpu-kubelet-plugin",
                "--node-name=" + node.nodeName(),
                "--kubeconfig=" + kubeconfig,
                "--cdi-root=" + layout.cdiDir(),
                "--kubelet-registrar-directory-path=" + layout.registrarDir(),
                "--kubelet-plugins-directory-path=" + layout.pluginsDir(),
                // on the host, the plugin sees the driver root where the host has it
                "--nvidia-driver-root=" + layout.driverRoot(),
                "--container-driver-root=" + layout.driverRoot(),
                "--simulated-gpus=" + profile.profile(),
                "--feature-gates=" + profile.featureGates(),
                "--consumable-shares=" + profile.consumableShares(),
                "--image-name=" + MPS_IMAGE,
                "--healthcheck-port=-1"));
    profile
        .sysfsRoot()
        .ifPresent(root -> flags.addAll(List.of("--sysfs-root=" + root, "--host-root=/")));
    this.process = new ImageProcess("the GPU kubelet plugin", node, imageClasspath, flags, log);
  }

  /**
   * @param profile a GPU profile name
   * @param featureGates the plugin's {@code --feature-gates}
   * @param consumableShares the plugin's {@code --consumable-shares}, e.g. {@code memory}
   * @param sysfsRoot a sysfs stand-in for PassthroughSupport ({@code --sysfs-root}, with the host's
   *     root {@code /}), or empty for the flags' defaults
   */
  public record Simulated(
      String profile, String featureGates, String consumableShares, Optional<Path> sysfsRoot) {
    /** Without consumable shares. */
    public Simulated(String profile, String featureGates) {
      this(profile, featureGates, "disabled");
    }

    /** On the host's sysfs. */
    public Simulated(String profile, String featureGates, String consumableShares) {
      this(profile, featureGates, consumableShares, Optional.empty());
    }
  }

  /** Starts it and waits until the kubelet has registered it ({@code registrations} in all). */
  public void start(int registrations) throws InterruptedException {
    process.start();
    awaitRegistrations(registrations);
  }

  /** Waits until the log shows the kubelet registering the plugin {@code count} times. */
  public void awaitRegistrations(int count) throws InterruptedException {
    Poll.until(
        REGISTRATION_TIMEOUT,
        () -> registrations() >= count,
        () -> {
          if (process.exited().isPresent()) {
            throw new RealNodeStartException("the GPU kubelet plugin exited; see " + log);
          }
        },
        () ->
            "the kubelet did not register the GPU kubelet plugin within "
                + REGISTRATION_TIMEOUT.toSeconds()
                + " s; see "
                + log);
  }

  /** How it ended; empty while it runs (or before it started). */
  public Optional<String> exited() {
    return process.exited();
  }

  /** How often a kubelet has registered it so far. */
  public int registrations() {
    return text().split(REGISTERED, -1).length - 1;
  }

  /** Everything it logged so far. */
  public String text() {
    try {
      return Files.exists(log) ? Files.readString(log) : "";
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + log, e);
    }
  }

  public Path log() {
    return log;
  }

  /** SIGTERM, as the kubelet's runtime stops the plugin's container. */
  @Override
  public void close() {
    process.stop();
  }
}
