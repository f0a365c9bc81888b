package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import dev.gpudra.realcluster.controlplane.ControlPlaneProcess;
import dev.gpudra.realcluster.node.ChartDevicePlugin;
import dev.gpudra.realcluster.node.ChartPlugin;
import dev.gpudra.realcluster.node.ChartSource;
import dev.gpudra.realcluster.node.DevicePlaceholders;
import dev.gpudra.realcluster.node.Helm;
import dev.gpudra.realcluster.node.NodeJoin;
import dev.gpudra.realcluster.node.NodeLayout;
import dev.gpudra.realcluster.node.NodeNetwork;
import dev.gpudra.realcluster.node.NodeTools;
import dev.gpudra.realcluster.node.RealNode;
import dev.gpudra.realcluster.node.RealNodeUnavailableException;
import dev.gpudra.realcluster.node.RegistryMirror;
import dev.gpudra.realcluster.registry.ImagePushTool;
import dev.gpudra.realcluster.registry.LoopbackRegistry;
import dev.gpudra.realcluster.registry.RegistryUnavailableException;
import dev.gpudra.testsupport.driver.ImexStandIn;
import dev.gpudra.testsupport.driver.MpsControlStandIn;
import dev.gpudra.testsupport.driver.NvidiaSmiStandIn;
import dev.gpudra.testsupport.driver.SharedObjectStandIn;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * What the real-node suites run on: the node network, gpu-dra-testcluster on it, one real node
 * (containerd, runc, the kubelet and kube-proxy), placeholder device nodes, a laid-out driver root,
 * a registry on loopback that containerd pulls {@value #REGISTRY}'s images from, our image pushed
 * there by {@code gpu-dra image push}, and our plugin installed with our chart from that image with
 * the simulated {@code dgx-a100-mig} profile. Where root, runc, the CNI plugins, busybox or Go are
 * missing, {@link #start} aborts the suite with one line saying what.
 */
final class RealNodeFixture implements AutoCloseable {
  static final String NODE = "gpu-node-real";

  /**
   * The lock of the host's one real node: the suites that start one (or check what one left on the
   * host) hold it, so they run one at a time while the others run beside them.
   */
  static final String HOST = "gpu-dra.real-node";

  /** The driver version of the simulated profile, which names the driver root's libraries. */
  static final String DRIVER = "580.95.05";

  /**
   * The registry our image is pulled from, as a cluster names its own: containerd's registry
   * configuration sends its pulls to the loopback registry the image was pushed to.
   */
  static final String REGISTRY = "registry.gpu-dra.test";

  /** Our image, {@code registry.gpu-dra.test/gpu-dra:<project version>}. */
  static final String IMAGE =
      REGISTRY + "/" + System.getProperty("gpu-dra.image.ref", "gpu-dra:e2e");

  private Path registryBinary;
  private LoopbackRegistry registry;
  private ChartSource draChart;
  private ChartSource operatorChart;

  private NodeNetwork network;
  private ControlPlaneProcess controlPlane;
  private RealNode node;
  private DevicePlaceholders devices;
  private ChartPlugin plugin;
  private ChartDevicePlugin devicePlugin;
  private NodeTools tools;
  private NodePods pods;

  private RealNodeFixture() {}

  /** Starts everything; on failure, what started is stopped again. */
  static RealNodeFixture start(Path dir) throws InterruptedException, IOException {
    return start(
        dir,
        "dgx-a100-mig",
        List.of(
            "featureGates.NVMLDeviceHealthCheck=true",
            "featureGates.DeviceMetadata=true",
            "featureGates.ClaimDeviceStatus=true"));
  }

  /**
   * @param profile the plugin's simulated GPUs
   * @param values the chart's further values (feature gates)
   */
  static RealNodeFixture start(Path dir, String profile, List<String> values)
      throws InterruptedException, IOException {
    return start(RealControlPlane.binaryOrSkip(), dir, Optional.of(profile), values);
  }

  /**
   * As {@link #start(Path)}, with the control plane and kubelet of an older Kubernetes release.
   *
   * @param release the minor release, {@code 1.34}
   */
  static RealNodeFixture startRelease(Path dir, String release)
      throws InterruptedException, IOException {
    return start(
        RealControlPlane.binaryOrSkip(release),
        dir,
        Optional.of("dgx-a100-mig"),
        List.of(
            "featureGates.NVMLDeviceHealthCheck=true",
            "featureGates.DeviceMetadata=true",
            "featureGates.ClaimDeviceStatus=true"));
  }

  /**
   * Everything but the GPU kubelet plugin: for suites that install the device plugin instead
   * ({@link #installDevicePlugin}).
   */
  static RealNodeFixture startWithoutPlugin(Path dir) throws InterruptedException, IOException {
    return start(RealControlPlane.binaryOrSkip(), dir, Optional.empty(), List.of());
  }

  private static RealNodeFixture start(
      Path binary, Path dir, Optional<String> profile, List<String> values)
      throws InterruptedException, IOException {
    NodeTools tools;
    Path registryBinary;
    try {
      tools = NodeTools.locate(RealControlPlane.checkout(), binary, System.err::println);
      registryBinary = LoopbackRegistry.locate(RealControlPlane.checkout(), System.err::println);
    } catch (RealNodeUnavailableException | RegistryUnavailableException e) {
      System.err.println("real node E2E skipped: " + e.getMessage());
      Assumptions.abort(e.getMessage());
      throw e;
    }
    RealNodeFixture fixture = new RealNodeFixture();
    fixture.registryBinary = registryBinary;
    try {
      fixture.startAll(binary, tools, dir, profile, values);
      return fixture;
    } catch (RuntimeException | InterruptedException | IOException e) {
      fixture.close();
      throw e;
    }
  }

  private void startAll(
      Path binary, NodeTools tools, Path dir, Optional<String> profile, List<String> values)
      throws InterruptedException, IOException {
    this.tools = tools;
    PhaseClock clock = new PhaseClock();
    network = NodeNetwork.up();
    List<String> flags = new ArrayList<>(network.apiServerFlags());
    flags.add("--feature-gates=DRAExtendedResource=true,ResourceHealthStatus=true");
    controlPlane =
        ControlPlaneProcess.start(binary, dir.resolve("cp"), Duration.ofSeconds(120), flags);
    var client = controlPlane.client();
    clock.lap("control plane");
    NodeLayout layout = new NodeLayout(Files.createTempDirectory("gpu-dra-node-"));
    node =
        RealNode.start(
            tools, layout, network, new NodeJoin(NODE, controlPlane.kubeconfig(), client));
    clock.lap("node");
    registry = LoopbackRegistry.start(registryBinary, dir.resolve("registry"));
    node.mirror(new RegistryMirror(REGISTRY, registry.host()));
    pushImage(IMAGE.substring(IMAGE.lastIndexOf(':') + 1));
    clock.lap("registry and image");
    draChart = pushChart("gpu-dra", dir);
    operatorChart = pushChart("gpu-operator", dir);
    clock.lap("charts");
    // one /dev/nvidia<N> per GPU of the profile, as a host with those GPUs has (8 without one)
    devices =
        DevicePlaceholders.create(
            DevicePlaceholders.nvidiaPaths(
                profile.map(p -> new ProfileLoader().load(p).gpuCount()).orElse(8)));
    layOutDriverRoot(layout.driverRoot(), profile);
    pods = new NodePods(client, node, "default");
    if (profile.isPresent()) {
      plugin = new ChartPlugin(helm(), chart(), node, client);
      plugin.install(IMAGE, profile.get(), tools.cdiHook(), values);
      clock.lap("plugin");
    }
    System.err.println("real node fixture up: " + clock);
  }

  /**
   * Pushes our image tar to the loopback registry as {@code IMAGE}'s repository at {@code tag},
   * with {@code gpu-dra image push}; pods pull it as {@code registry.gpu-dra.test/gpu-dra:tag}.
   *
   * @return the pushed reference and digest
   */
  String pushImage(String tag) throws IOException, InterruptedException {
    String repository = IMAGE.substring(REGISTRY.length() + 1, IMAGE.lastIndexOf(':'));
    return ImagePushTool.of(imagePushClasspath())
        .pushInsecure(imageTar(), registry.host() + "/" + repository + ":" + tag, List.of());
  }

  /** image-push's classpath, which Failsafe passes as gpu-dra.image-push.classpath. */
  private static String imagePushClasspath() {
    String classpath = System.getProperty("gpu-dra.image-push.classpath");
    if (classpath == null) {
      throw new IllegalStateException(
          "no gpu-dra.image-push.classpath: run the suite through Maven (e2e/pom.xml sets it)");
    }
    return classpath;
  }

  Helm helm() {
    return new Helm(tools.helm(), controlPlane.kubeconfig());
  }

  private ChartSource chart() {
    return draChart;
  }

  /** The operator chart, as pushed to the suite's registry: install it from there. */
  ChartSource operatorChart() {
    return operatorChart;
  }

  /**
   * {@code helm package} and {@code helm push} of one of our charts to the loopback registry, as a
   * maintainer publishes it; suites install it from {@code oci://.../charts/<name>} at its version.
   */
  private ChartSource pushChart(String name, Path dir) throws IOException {
    Path chart = RealControlPlane.checkout().resolve("deployments/helm/" + name);
    Path packages = Files.createDirectories(dir.resolve("charts"));
    helm().run("package", chart.toString(), "-d", packages.toString());
    String version = ChartVersions.of(chart);
    helm()
        .run(
            "push",
            packages.resolve(name + "-" + version + ".tgz").toString(),
            "oci://" + registry.host() + "/charts",
            "--plain-http");
    return ChartSource.plainHttpOci(registry.host(), "charts/" + name, version);
  }

  /** Installs our chart with the device plugin alone ({@link ChartDevicePlugin#install}). */
  ChartDevicePlugin installDevicePlugin(String profile, List<String> values)
      throws InterruptedException {
    devicePlugin = new ChartDevicePlugin(helm(), chart(), node, controlPlane.client());
    devicePlugin.install(IMAGE, profile, tools.cdiHook(), values);
    return devicePlugin;
  }

  /** Uninstalls the device plugin's release, if one was installed. */
  void uninstallDevicePlugin() {
    if (devicePlugin != null) {
      devicePlugin.close();
      devicePlugin = null;
    }
  }

  /** The host's {@code nvidia-cdi-hook}, which CDI specs name. */
  Path cdiHook() {
    return tools.cdiHook();
  }

  ControlPlaneProcess controlPlane() {
    return controlPlane;
  }

  RealNode node() {
    return node;
  }

  ChartPlugin plugin() {
    return plugin;
  }

  NodePods pods() {
    return pods;
  }

  /** The names of the CDI spec files on the node. */
  List<String> cdiSpecs() throws IOException {
    try (Stream<Path> files = Files.list(node.layout().cdiDir())) {
      return files.map(p -> p.getFileName().toString()).toList();
    }
  }

  /** Waits until the claim's CDI spec is gone: it was unprepared. */
  void awaitNoSpecFor(String claimUid) {
    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(() -> assertThat(cdiSpecs()).noneMatch(f -> f.contains(claimUid)));
  }

  /**
   * A driver root as a host install lays it out, for the plugin's discovery: NVML's library (an ELF
   * stand-in declaring its SONAME) with its {@code .so.1} and {@code .so} links, {@code nvidia-smi}
   * (a stand-in whose {@code -L} lists the profile's GPUs a container has) and the MPS control
   * stand-in, the {@code nvidia-imex} stand-ins. The links are not mounted into containers; only
   * nvidia-cdi-hook's create-symlinks makes them there.
   */
  private static void layOutDriverRoot(Path root, Optional<String> profile) throws IOException {
    Path lib = root.resolve("usr/lib64");
    Files.createDirectories(lib);
    SharedObjectStandIn.write(
        lib.resolve("libnvidia-ml.so." + DRIVER), List.of("libnvidia-ml.so.1"));
    Files.createSymbolicLink(
        lib.resolve("libnvidia-ml.so.1"), Path.of("libnvidia-ml.so." + DRIVER));
    Files.createSymbolicLink(lib.resolve("libnvidia-ml.so"), Path.of("libnvidia-ml.so.1"));
    NvidiaSmiStandIn.install(
        root,
        profile
            .map(p -> new SimulatedNvml(new ProfileLoader().load(p), NODE).gpus())
            .orElse(List.of())
            .stream()
            .map(g -> new NvidiaSmiStandIn.Gpu(g.minor(), g.name(), g.uuid()))
            .toList());
    MpsControlStandIn.install(root);
    ImexStandIn.install(root);
  }

  /** Our image's tar (Jib), which Failsafe passes as gpu-dra.image.tar. */
  private static Path imageTar() {
    Path tar = Path.of(System.getProperty("gpu-dra.image.tar", "target/no-image.tar"));
    if (!Files.isRegularFile(tar)) {
      throw new IllegalStateException(
          "no image tar at "
              + tar
              + ": ./gpu-dra test builds it (e2e/node/base-image.sh, then Jib with"
              + " -Djib.from.image)");
    }
    return tar;
  }

  /** Stops everything in reverse order: plugin, node, placeholders, control plane, network. */
  @Override
  public void close() {
    PhaseClock clock = new PhaseClock();
    if (plugin != null) {
      plugin.close();
    }
    uninstallDevicePlugin();
    clock.lap("plugins");
    if (node != null) {
      node.close();
    }
    clock.lap("node");
    if (registry != null) {
      try {
        registry.close();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (devices != null) {
      devices.close();
    }
    if (controlPlane != null) {
      controlPlane.close();
    }
    if (network != null) {
      network.close();
    }
    clock.lap("the rest");
    System.err.println("real node fixture stopped: " + clock);
  }
}
