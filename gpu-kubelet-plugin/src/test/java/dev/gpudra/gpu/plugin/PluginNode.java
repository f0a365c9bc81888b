package dev.gpudra.gpu.plugin;

import static org.awaitility.Awaitility.await;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.gpu.checkpoint.PreparedClaim;
import dev.gpudra.gpu.passthrough.PassthroughRoots;
import dev.gpudra.gpu.slices.ConsumableShares;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.kit.registration.DraService;
import dev.gpudra.kit.slices.FieldSelectors;
import dev.gpudra.kit.slices.PublisherSettings;
import dev.gpudra.localcluster.api.LocalApiServer;
import dev.gpudra.localcluster.kubelet.KubeletStandIn;
import dev.gpudra.localcluster.kubelet.StandInConfig;
import dev.gpudra.node.xid.HealthSettings;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.simulated.GpuSettings;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One node in this JVM: the local API server with a Node object, the real GPU plugin on temp
 * directories, and a kubelet stand-in that registered it.
 */
final class PluginNode implements AutoCloseable {
  static final String NAME = "node-a";
  static final String DRIVER = GpuPluginConfig.DRIVER_NAME;

  /** How long a prepare waits for an MPS daemon here: tests make theirs ready at once. */
  static final Duration MPS_READY_WAIT = Duration.ofSeconds(2);

  /** How long a passthrough prepare waits for a GPU's other users here (30 s on a node). */
  static final Duration PASSTHROUGH_FREE_WAIT = Duration.ofSeconds(2);

  /**
   * @param profile the simulated GPUs
   * @param gates the plugin's feature gates
   * @param kubeletServices the DRA services the kubelet stand-in speaks
   * @param metrics where the plugin serves metrics, if at all
   */
  record Setup(
      String profile,
      FeatureGates gates,
      Set<DraService> kubeletServices,
      Optional<InetSocketAddress> metrics,
      HealthSettings health,
      PassthroughRoots passthroughRoots,
      ConsumableShares shares) {
    static Setup defaults() {
      return new Setup(
          "dgx-h100",
          FeatureGates.defaults(),
          EnumSet.allOf(DraService.class),
          Optional.empty(),
          HealthSettings.defaults(),
          PassthroughRoots.DEFAULTS,
          ConsumableShares.DISABLED);
    }

    Setup withProfile(String value) {
      return new Setup(value, gates, kubeletServices, metrics, health, passthroughRoots, shares);
    }

    Setup withGates(FeatureGates value) {
      return new Setup(profile, value, kubeletServices, metrics, health, passthroughRoots, shares);
    }

    Setup withKubeletServices(Set<DraService> value) {
      return new Setup(profile, gates, value, metrics, health, passthroughRoots, shares);
    }

    Setup withHealth(HealthSettings value) {
      return new Setup(profile, gates, kubeletServices, metrics, value, passthroughRoots, shares);
    }

    Setup withPassthroughRoots(PassthroughRoots value) {
      return new Setup(profile, gates, kubeletServices, metrics, health, value, shares);
    }

    Setup withConsumableShares(ConsumableShares value) {
      return new Setup(profile, gates, kubeletServices, metrics, health, passthroughRoots, value);
    }

    Setup withMetricsOnAnyPort() {
      return new Setup(
          profile,
          gates,
          kubeletServices,
          Optional.of(new InetSocketAddress("127.0.0.1", 0)),
          health,
          passthroughRoots,
          shares);
    }
  }

  final NodeDirs dirs;
  final LocalApiServer api = new LocalApiServer().start();
  final KubernetesClient client = api.client();
  final ApiClaims claims = new ApiClaims(client, NAME);
  private GpuKubeletPlugin plugin;
  private GpuPluginConfig config;
  private KubeletStandIn kubelet;

  private PluginNode(Path root) {
    this.dirs = new NodeDirs(root).withBootId();
  }

  /** Starts everything and waits until the kubelet stand-in has registered the plugin. */
  static PluginNode start(Path root, Setup setup) {
    PluginNode node = new PluginNode(root);
    try {
      node.startAll(setup);
    } catch (RuntimeException | Error e) {
      node.close();
      throw e;
    }
    return node;
  }

  /**
   * Starts the plugin on the real GPUs of this machine, NVML loaded from {@code driverRoot}, with
   * the given gates; the kubelet stand-in speaks every DRA service.
   */
  static PluginNode startOnRealGpus(Path root, Path driverRoot, FeatureGates gates) {
    PluginNode node = new PluginNode(root);
    try {
      node.startAll(node.dirs.realConfig(NAME, driverRoot, gates), EnumSet.allOf(DraService.class));
    } catch (RuntimeException | Error e) {
      node.close();
      throw e;
    }
    return node;
  }

  private void startAll(Setup setup) {
    startAll(
        dirs.config(NAME, setup.profile(), setup.gates(), setup.metrics(), setup.shares())
            .withHealth(setup.health())
            .withPassthroughRoots(setup.passthroughRoots()),
        setup.kubeletServices());
  }

  private void startAll(GpuPluginConfig config, Set<DraService> kubeletServices) {
    client
        .nodes()
        .resource(new NodeBuilder().withNewMetadata().withName(NAME).endMetadata().build())
        .create();
    this.config = config;
    startPlugin();
    kubelet =
        new KubeletStandIn(
            StandInConfig.of(dirs.registrar(), NAME).withServices(kubeletServices), client);
    kubelet.start();
    await().atMost(Duration.ofSeconds(10)).until(() -> kubelet.isRegistered(DRIVER));
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> plugin.kit().registration().outcome().registered());
  }

  private void startPlugin() {
    plugin =
        GpuKubeletPlugin.start(
            config,
            client,
            PublisherSettings.defaults().withSelectors(FieldSelectors.CLIENT_SIDE),
            GpuDriverParts.Hooks.defaults()
                .withBootIdFile(dirs.bootIdFile())
                .withMpsReadyWait(MPS_READY_WAIT)
                .withPassthroughFreeWait(PASSTHROUGH_FREE_WAIT));
  }

  /** Stops the plugin and starts it again on the same node (a DaemonSet pod's restart). */
  void restartPlugin() {
    plugin.close();
    startPlugin();
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> plugin.kit().registration().outcome().registered());
  }

  GpuKubeletPlugin plugin() {
    return plugin;
  }

  /** The simulated GPUs the plugin reads and sets. */
  SimulatedNvml gpus() {
    return (SimulatedNvml) plugin.parts().gpus().nvml();
  }

  /** What the simulated GPU behind device {@code gpu-<minor>} has been set to. */
  GpuSettings settings(String device) {
    GpuInfo gpu = plugin.parts().inventory().device(device).orElseThrow().gpu();
    return gpus().settings(gpu);
  }

  KubeletStandIn kubelet() {
    return kubelet;
  }

  Map<String, PrepareResult> prepare(ClaimRef... refs) {
    return kubelet.prepare(DRIVER, List.of(refs));
  }

  Map<String, UnprepareResult> unprepare(ClaimRef... refs) {
    return kubelet.unprepare(DRIVER, List.of(refs));
  }

  /** The claim's checkpoint entry, read through the plugin's own store. */
  Optional<PreparedClaim> entry(String claimUid) {
    return NodeDirs.entry(plugin.parts().checkpoints(), claimUid);
  }

  /** The device's taints in the published slices, as {@code key=value:effect}. */
  List<String> taints(String device) {
    return client.resources(ResourceSlice.class).list().getItems().stream()
        .flatMap(s -> s.getSpec().getDevices().stream())
        .filter(d -> d.getName().equals(device) && d.getTaints() != null)
        .flatMap(d -> d.getTaints().stream())
        .map(t ->
            t.getKey() + (t.getValue() == null ? "" : "=" + t.getValue()) + ":" + t.getEffect())
        .toList();
  }

  @Override
  public void close() {
    if (kubelet != null) {
      kubelet.close();
    }
    if (plugin != null) {
      plugin.close();
    }
    api.close();
  }
}
