package dev.gpudra.demo;

import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.computedomain.plugin.ComputeDomainKubeletPlugin;
import dev.gpudra.computedomain.plugin.DomainPluginConfig;
import dev.gpudra.gpu.mps.MpsDaemon;
import dev.gpudra.gpu.passthrough.PassthroughRoots;
import dev.gpudra.gpu.plugin.GateSettings;
import dev.gpudra.gpu.plugin.GpuDriverParts;
import dev.gpudra.gpu.plugin.GpuKubeletPlugin;
import dev.gpudra.gpu.plugin.GpuPluginConfig;
import dev.gpudra.gpu.slices.ConsumableShares;
import dev.gpudra.kit.slices.FieldSelectors;
import dev.gpudra.kit.slices.PublisherSettings;
import dev.gpudra.localcluster.kubelet.KubeletStandIn;
import dev.gpudra.localcluster.kubelet.PodSync;
import dev.gpudra.localcluster.kubelet.StandInConfig;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.RecoveryAction;
import dev.gpudra.nvml.simulated.GpuSettings;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import dev.gpudra.testsupport.driver.ImexStandIn;
import dev.gpudra.testsupport.driver.MpsControlStandIn;
import dev.gpudra.testsupport.kernel.SysfsStandIn;
import dev.gpudra.testsupport.kernel.TmpfsStandIn;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One simulated node: its Node object, its plugin, its kubelet stand-in (running the plugin's MPS
 * daemons) and its directories, with a driver root holding the MPS control stand-in.
 */
public final class DemoNode implements AutoCloseable {
  /**
   * The driver image the plugin names in its MPS Deployments (never pulled: the node runs them).
   */
  static final String IMAGE = "gpu-dra:demo";

  final String name;
  final String profile;
  final GpuPluginConfig config;
  final GpuKubeletPlugin plugin;
  final KubeletStandIn kubelet;
  final PodSync pods;
  final ComputeDomainKubeletPlugin domains;
  private final MpsDaemonRuntime runtime;
  private final ImexDaemonRuntime imex;
  private final Optional<SysfsStandIn> pci;

  private DemoNode(
      Demo.NodeSpec spec, Plugins plugins, KubeletSide side, Optional<SysfsStandIn> pci) {
    this.name = spec.name();
    this.profile = spec.profile();
    this.config = plugins.config();
    this.plugin = plugins.gpus();
    this.domains = plugins.domains();
    this.kubelet = side.kubelet();
    this.pods = side.pods();
    this.runtime = side.mps();
    this.imex = side.imex();
    this.pci = pci;
  }

  /** Where the node runs: the cluster, its field selectors, its directory and its spec. */
  private record Site(
      KubernetesClient client, FieldSelectors selectors, Path dir, Demo.NodeSpec spec) {}

  /** The node's two kubelet plugins and the GPU plugin's configuration. */
  private record Plugins(
      GpuPluginConfig config, GpuKubeletPlugin gpus, ComputeDomainKubeletPlugin domains) {}

  /** The kubelet stand-in, its pod sync and the daemons it runs for the plugins. */
  private record KubeletSide(
      KubeletStandIn kubelet, PodSync pods, MpsDaemonRuntime mps, ImexDaemonRuntime imex) {}

  /**
   * Starts the node as a kubelet would: the kubelet stand-in registers the Node (Ready) and wipes
   * its slices, then the plugin starts and registers through the registrar directory.
   */
  static DemoNode start(
      KubernetesClient client, FieldSelectors selectors, Path dir, Demo.NodeSpec spec) {
    FeatureGates gates = FeatureGates.parse(spec.featureGates());
    Optional<SysfsStandIn> pci =
        gates.enabled(FeatureGate.PASSTHROUGH_SUPPORT)
            ? Optional.of(PciBus.start(dir.resolve("sys"), spec.profile()))
            : Optional.empty();
    try {
      return start(new Site(client, selectors, dir, spec), gates, pci);
    } catch (RuntimeException e) {
      pci.ifPresent(SysfsStandIn::close);
      throw e;
    }
  }

  private static DemoNode start(Site site, FeatureGates gates, Optional<SysfsStandIn> pci) {
    Path driverRoot = site.dir().resolve("driver-root");
    MpsControlStandIn.install(driverRoot);
    ImexStandIn.install(driverRoot);
    GpuPluginConfig config = pluginConfig(site, gates, settings(site, pci), driverRoot);
    KubeletStandIn kubelet =
        new KubeletStandIn(
            StandInConfig.of(config.registrarDir(), site.spec().name())
                .withSelectors(site.selectors()),
            site.client());
    kubelet.start();
    Plugins plugins = startPlugins(site, config, kubelet, gates);
    return new DemoNode(site.spec(), plugins, startPods(site, config, kubelet), pci);
  }

  /** The settings behind the node's gates: its consumable shares, image and PCI roots. */
  private static GateSettings settings(Site site, Optional<SysfsStandIn> pci) {
    GateSettings gated =
        GateSettings.DEFAULTS
            .withConsumableShares(ConsumableShares.parse(site.spec().consumableShares()))
            .withImageName(IMAGE);
    return pci.map(bus ->
            gated.withPassthroughRoots(
                new PassthroughRoots(bus.root(), site.dir().resolve("host"))))
        .orElse(gated);
  }

  private static GpuPluginConfig pluginConfig(
      Site site, FeatureGates gates, GateSettings gated, Path driverRoot) {
    Path dir = site.dir();
    return new GpuPluginConfig(
        site.spec().name(),
        Demo.DRIVER_NAMESPACE,
        Optional.empty(),
        dir.resolve("cdi"),
        dir.resolve("plugins_registry"),
        dir.resolve("plugins"),
        driverRoot,
        driverRoot,
        "/usr/bin/nvidia-cdi-hook",
        gates,
        -1,
        Optional.empty(),
        "/metrics",
        Optional.of(site.spec().profile()),
        gated);
  }

  /** The GPU plugin, then the compute-domain plugin; on a failure nothing is left running. */
  private static Plugins startPlugins(
      Site site, GpuPluginConfig config, KubeletStandIn kubelet, FeatureGates gates) {
    GpuKubeletPlugin plugin =
        GpuKubeletPlugin.start(
            config,
            site.client(),
            PublisherSettings.defaults().withSelectors(site.selectors()),
            GpuDriverParts.Hooks.defaults()
                .withBootIdFile(bootId(site.dir()))
                .withTmpfs(new TmpfsStandIn()));
    try {
      ComputeDomainKubeletPlugin domains =
          ComputeDomainKubeletPlugin.start(
              domainConfig(site.dir(), site.spec(), gates, config.driverRoot()),
              site.client(),
              PublisherSettings.defaults().withSelectors(site.selectors()),
              Duration.ofSeconds(5));
      return new Plugins(config, plugin, domains);
    } catch (RuntimeException e) {
      plugin.close();
      kubelet.close();
      throw e;
    }
  }

  /** The pod sync, running the plugins' MPS and IMEX daemon pods. */
  private static KubeletSide startPods(Site site, GpuPluginConfig config, KubeletStandIn kubelet) {
    String name = site.spec().name();
    MpsDaemonRuntime runtime = new MpsDaemonRuntime();
    ImexDaemonRuntime imex =
        new ImexDaemonRuntime(
            site.client(),
            config.cdiRoot(),
            config.driverRoot(),
            site.dir().resolve("imex-pods"),
            podIp(name));
    PodSync pods =
        new PodSync(
            name,
            site.client(),
            kubelet,
            Clock.systemUTC(),
            new NodeRuntime(List.of(runtime, imex)));
    pods.start();
    return new KubeletSide(kubelet, pods, runtime, imex);
  }

  /**
   * The compute-domain plugin beside the GPU one, as the chart's DaemonSet runs both; it labels the
   * node with its NVLink clique ({@code --gpu-clique-label-enabled}).
   */
  private static DomainPluginConfig domainConfig(
      Path dir, Demo.NodeSpec spec, FeatureGates gates, Path driverRoot) {
    return new DomainPluginConfig(
        spec.name(),
        Demo.DRIVER_NAMESPACE,
        Optional.empty(),
        dir.resolve("cdi"),
        dir.resolve("plugins_registry"),
        dir.resolve("plugins"),
        driverRoot,
        driverRoot,
        "/usr/bin/nvidia-cdi-hook",
        DomainPluginConfig.PROC,
        gates,
        -1,
        Optional.empty(),
        "/metrics",
        Optional.of(spec.profile()),
        true,
        dev.gpudra.api.computedomain.ImexMode.DRIVER_MANAGED,
        dev.gpudra.computedomain.imex.HostImexCheck.DEFAULT_SOCKET);
  }

  /** The address this node's daemon pods report: one per node, from its number. */
  private static String podIp(String name) {
    String digits = name.replaceAll("\\D", "");
    return "10.244." + (digits.isEmpty() ? 0 : Integer.parseInt(digits) % 250) + ".10";
  }

  /**
   * The MPS control daemons this node runs for a claim: pod, readiness and what it was told, one
   * line each.
   */
  public List<String> mpsDaemons(String claimUid) {
    return runtime.describe(MpsDaemon.NAME_PREFIX + claimUid + "-");
  }

  /** The pod sync: which pods run here with which CDI devices. */
  public PodSync pods() {
    return pods;
  }

  /**
   * What the simulated GPU behind a device (a MIG device's parent) has been set to; empty for a
   * device this node does not have.
   */
  public Optional<GpuSettings> gpuSettings(String device) {
    SimulatedNvml gpus = (SimulatedNvml) plugin.parts().gpus().nvml();
    return plugin.parts().inventory().device(device).map(d -> gpus.settings(d.gpu()));
  }

  /**
   * The simulated GPU behind {@code device} reports an XID (the whole GPU), with this recovery
   * action, or with the one NVIDIA's XID catalog asks for.
   *
   * @throws IllegalArgumentException for a device this node does not have
   */
  public void injectXid(String device, long xid, Optional<RecoveryAction> action) {
    SimulatedNvml gpus = (SimulatedNvml) plugin.parts().gpus().nvml();
    GpuInfo gpu =
        plugin
            .parts()
            .inventory()
            .device(device)
            .orElseThrow(
                () -> new IllegalArgumentException("node " + name + " has no device " + device))
            .gpu();
    action.ifPresentOrElse(a -> gpus.injectXid(gpu, xid, a), () -> gpus.injectXid(gpu, xid));
  }

  /** Whether no GPU of this node keeps a setting a claim gave it, nor a MIG mode it changed. */
  boolean gpusAtDefaults() {
    SimulatedNvml gpus = (SimulatedNvml) plugin.parts().gpus().nvml();
    return gpus.gpus().stream()
        .allMatch(g -> gpus.settings(g).equals(GpuSettings.BOOT) && gpus.migMode(g) == g.migMode());
  }

  /** The plugin's configuration (CDI root, directories). */
  public GpuPluginConfig config() {
    return config;
  }

  /** The node's boot id file ({@code dir/boot_id}), which the plugin's checkpoint records. */
  public static Path bootId(Path dir) {
    try {
      Files.createDirectories(dir);
      return Files.writeString(dir.resolve("boot_id"), "demo-boot\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    pods.close();
    runtime.close();
    imex.close();
    kubelet.close();
    domains.close();
    plugin.close();
    pci.ifPresent(SysfsStandIn::close);
  }
}
