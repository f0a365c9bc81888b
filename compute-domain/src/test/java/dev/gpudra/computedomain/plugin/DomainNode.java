package dev.gpudra.computedomain.plugin;

import static org.awaitility.Awaitility.await;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainClique;
import dev.gpudra.api.computedomain.ComputeDomainCrds;
import dev.gpudra.api.computedomain.ComputeDomainDaemon;
import dev.gpudra.api.computedomain.ComputeDomainSpec;
import dev.gpudra.api.computedomain.DomainStatus;
import dev.gpudra.api.computedomain.ImexMode;
import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.kit.plugin.PluginConfig;
import dev.gpudra.kit.slices.FieldSelectors;
import dev.gpudra.kit.slices.PublisherSettings;
import dev.gpudra.localcluster.api.LocalApiServer;
import dev.gpudra.localcluster.kubelet.KubeletStandIn;
import dev.gpudra.localcluster.kubelet.StandInConfig;
import dev.gpudra.testsupport.driver.HostImexStandIn;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAllocationConfiguration;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAllocationConfigurationBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResultBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One simulated node for the compute-domain plugin: the local API server with the ComputeDomain
 * CRDs and a Node, the real plugin on temp directories (in this JVM, or in one of its own), a
 * kubelet stand-in that registered it over its sockets.
 */
final class DomainNode implements AutoCloseable {
  static final String NODE = "gb200-node-a";
  static final String DRIVER = DomainPluginConfig.DRIVER_NAME;
  static final String DRIVER_NS = "gpu-dra";

  /** How long a channel claim waits for its daemon within a call here (30 s on a node). */
  static final PluginConfig.Timeouts RETRY =
      new PluginConfig.Timeouts(
          Duration.ofSeconds(10),
          Duration.ofSeconds(5),
          Duration.ofSeconds(2),
          Duration.ofSeconds(1),
          Duration.ofMillis(600));

  final Path root;
  final LocalApiServer api = new LocalApiServer().start();
  final KubernetesClient client = api.client();
  private ComputeDomainKubeletPlugin plugin;
  private DomainPluginProcess.Child child;
  private String cliqueId;
  private KubeletStandIn kubelet;
  private HostImexStandIn host;

  private DomainNode(Path root) {
    this.root = root;
  }

  static DomainNode start(Path root, String profile) {
    return start(root, profile, FeatureGates.defaults());
  }

  /** As {@link #start(Path, String)}, with these feature gates. */
  static DomainNode start(Path root, String profile, FeatureGates gates) {
    return started(root, node -> config(root, profile, gates, false));
  }

  /**
   * As {@link #start(Path, String)}, the plugin owning the node's {@code nvidia.com/gpu.clique}.
   */
  static DomainNode startLabelling(Path root, String profile) {
    return started(root, node -> config(root, profile, FeatureGates.defaults(), true));
  }

  /**
   * As {@link #start(Path, String)}, with hostManaged IMEX (and its gate): the driver root's {@link
   * HostImexStandIn} is laid out, its daemon not started.
   */
  static DomainNode startHostManaged(Path root, String profile) {
    FeatureGates gate = FeatureGates.parse("HostManagedIMEXDaemon=true");
    return started(
        root,
        node -> {
          node.host = HostImexStandIn.install(root.resolve("driver-root"));
          return config(root, profile, gate, false, ImexMode.HOST_MANAGED);
        });
  }

  private static DomainNode started(
      Path root, java.util.function.Function<DomainNode, DomainPluginConfig> config) {
    DomainNode node = new DomainNode(root);
    try {
      node.startAll(config.apply(node));
    } catch (RuntimeException | Error e) {
      node.close();
      throw e;
    }
    return node;
  }

  /** The host's IMEX daemon, with hostManaged IMEX. */
  HostImexStandIn host() {
    return host;
  }

  /** Stops the plugin, leaving the API server and the kubelet stand-in. */
  void stopPlugin() {
    plugin.close();
    plugin = null;
  }

  /** The node's labels. */
  Map<String, String> labels() {
    Map<String, String> labels = client.nodes().withName(NODE).get().getMetadata().getLabels();
    return labels == null ? Map.of() : labels;
  }

  /**
   * As {@link #start}, the plugin in a JVM of its own ({@link DomainPluginProcess}).
   *
   * @param jvmOptions the child's JVM options (heap cap, GC log)
   */
  static DomainNode startInChild(Path root, String profile, List<String> jvmOptions) {
    DomainNode node = new DomainNode(root);
    try {
      node.setUp();
      node.child =
          DomainPluginProcess.Child.start(
              node.api.writeKubeconfig(root.resolve("kubeconfig")), root, profile, jvmOptions);
      node.cliqueId = node.child.cliqueId();
      node.startKubelet();
    } catch (RuntimeException | Error e) {
      node.close();
      throw e;
    }
    return node;
  }

  private void startAll(DomainPluginConfig config) {
    setUp();
    plugin =
        ComputeDomainKubeletPlugin.start(
            config,
            client,
            PublisherSettings.defaults().withSelectors(FieldSelectors.CLIENT_SIDE),
            Duration.ofSeconds(5),
            RETRY);
    cliqueId = plugin.cliqueId();
    startKubelet();
  }

  private void setUp() {
    ComputeDomainCrds.all().forEach(crd -> client.resource(crd).create());
    for (String ns : List.of(DRIVER_NS, "team-a", "team-b")) {
      client
          .resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
          .create();
    }
    client
        .nodes()
        .resource(new NodeBuilder().withNewMetadata().withName(NODE).endMetadata().build())
        .create();
  }

  private void startKubelet() {
    kubelet = new KubeletStandIn(StandInConfig.of(root.resolve("registrar"), NODE), client);
    kubelet.start();
    await().atMost(Duration.ofSeconds(10)).until(() -> kubelet.isRegistered(DRIVER));
  }

  static DomainPluginConfig config(Path root, String profile) {
    return config(root, profile, FeatureGates.defaults());
  }

  static DomainPluginConfig config(Path root, String profile, FeatureGates gates) {
    return config(root, profile, gates, false);
  }

  static DomainPluginConfig config(
      Path root, String profile, FeatureGates gates, boolean cliqueLabel) {
    return config(root, profile, gates, cliqueLabel, ImexMode.DRIVER_MANAGED);
  }

  static DomainPluginConfig config(
      Path root, String profile, FeatureGates gates, boolean cliqueLabel, ImexMode imex) {
    return new DomainPluginConfig(
        NODE,
        DRIVER_NS,
        Optional.empty(),
        root.resolve("cdi"),
        root.resolve("registrar"),
        root.resolve("plugins"),
        root.resolve("driver-root"),
        root.resolve("driver-root"),
        "/usr/bin/nvidia-cdi-hook",
        DomainPluginConfig.PROC,
        gates,
        -1,
        Optional.of(new java.net.InetSocketAddress("127.0.0.1", 0)),
        "/metrics",
        Optional.of(profile),
        cliqueLabel,
        imex,
        HostImexStandIn.SOCKET);
  }

  ComputeDomainKubeletPlugin plugin() {
    return plugin;
  }

  /** The plugin's process, when it runs in one of its own. */
  DomainPluginProcess.Child child() {
    return child;
  }

  Path cdi(String name) {
    return root.resolve("cdi").resolve(name);
  }

  Path dataDir() {
    return root.resolve("plugins").resolve(DRIVER);
  }

  Map<String, PrepareResult> prepare(ClaimRef... refs) {
    return kubelet.prepare(DRIVER, List.of(refs));
  }

  Map<String, UnprepareResult> unprepare(ClaimRef... refs) {
    return kubelet.unprepare(DRIVER, List.of(refs));
  }

  ComputeDomain domain(String namespace, String name) {
    return client
        .resource(
            new ComputeDomain(
                new ObjectMetaBuilder().withNamespace(namespace).withName(name).build(),
                new ComputeDomainSpec(
                    2,
                    new ComputeDomainSpec.Channel(
                        new ComputeDomainSpec.ClaimTemplate(name + "-channel"), null)),
                null))
        .create();
  }

  /** This node's daemon in the domain's clique, Ready or not, as the daemon itself writes it. */
  void daemonStatus(ComputeDomain domain, DomainStatus status) {
    String name = domain.getMetadata().getUid() + "." + cliqueId;
    ComputeDomainClique clique =
        new ComputeDomainClique(
            new ObjectMetaBuilder().withNamespace(DRIVER_NS).withName(name).build(),
            List.of(new ComputeDomainDaemon(NODE, "10.0.0.1", cliqueId, 0, status)));
    var existing =
        client.resources(ComputeDomainClique.class).inNamespace(DRIVER_NS).withName(name).get();
    if (existing == null) {
      client.resource(clique).create();
    } else {
      existing.setDaemons(clique.getDaemons());
      client.resource(existing).update();
    }
  }

  Optional<String> nodeLabel() {
    Map<String, String> labels = client.nodes().withName(NODE).get().getMetadata().getLabels();
    return Optional.ofNullable(
        labels == null ? null : labels.get("resource.nvidia.com/computeDomain"));
  }

  /** A claim allocated {@code device} of this node with one opaque config. */
  /** As the scheduler reserving the claim for another pod: its status changes. */
  void reserveFor(ClaimRef ref, String pod) {
    ResourceClaim current =
        client
            .resources(ResourceClaim.class)
            .inNamespace(ref.namespace())
            .withName(ref.name())
            .get();
    current
        .getStatus()
        .getReservedFor()
        .add(
            new io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimConsumerReferenceBuilder()
                .withResource("pods")
                .withName(pod)
                .withUid(java.util.UUID.nameUUIDFromBytes(pod.getBytes()).toString())
                .build());
    client.resource(current).updateStatus();
  }

  ClaimRef claim(String namespace, String name, String device, Map<String, Object> config) {
    return claim(namespace, name, device, List.of(opaque(DRIVER, config)));
  }

  /** One opaque config of a claim, for {@code driver}. */
  static DeviceAllocationConfiguration opaque(String driver, Map<String, Object> parameters) {
    return new DeviceAllocationConfigurationBuilder()
        .withSource("FromClaim")
        .withRequests(new ArrayList<String>())
        .withNewOpaque()
        .withDriver(driver)
        .withParameters(parameters)
        .endOpaque()
        .build();
  }

  /** A claim allocated {@code device} of this node with these configs. */
  ClaimRef claim(
      String namespace, String name, String device, List<DeviceAllocationConfiguration> configs) {
    String request = device.startsWith("channel") ? "channel" : "daemon";
    ResourceClaim claim =
        new ResourceClaimBuilder()
            .withNewMetadata()
            .withNamespace(namespace)
            .withName(name)
            .endMetadata()
            .withNewSpec()
            .withNewDevices()
            .addNewRequest()
            .withName(request)
            .withNewExactly()
            .withDeviceClassName(
                request.equals("channel")
                    ? "compute-domain-default-channel.nvidia.com"
                    : "compute-domain-daemon.nvidia.com")
            .endExactly()
            .endRequest()
            .endDevices()
            .endSpec()
            .withNewStatus()
            .withNewAllocation()
            .withNewDevices()
            .withResults(
                new DeviceRequestAllocationResultBuilder()
                    .withRequest(request)
                    .withDriver(DRIVER)
                    .withPool(NODE)
                    .withDevice(device)
                    .build())
            .withConfig(configs)
            .endDevices()
            .endAllocation()
            .endStatus()
            .build();
    // as the scheduler: create the claim, then write its allocation through /status
    ResourceClaim created =
        client.resource(new ResourceClaimBuilder(claim).withStatus(null).build()).create();
    client
        .resource(new ResourceClaimBuilder(created).withStatus(claim.getStatus()).build())
        .updateStatus();
    return new ClaimRef(namespace, name, created.getMetadata().getUid());
  }

  static Map<String, Object> channelConfig(ComputeDomain domain, String mode) {
    Map<String, Object> config = new LinkedHashMap<>();
    config.put("apiVersion", "resource.nvidia.com/v1beta1");
    config.put("kind", "ComputeDomainChannelConfig");
    config.put("domainID", domain.getMetadata().getUid());
    if (mode != null) {
      config.put("allocationMode", mode);
    }
    return config;
  }

  static Map<String, Object> daemonConfig(ComputeDomain domain) {
    Map<String, Object> config = new LinkedHashMap<>();
    config.put("apiVersion", "resource.nvidia.com/v1beta1");
    config.put("kind", "ComputeDomainDaemonConfig");
    config.put("domainID", domain.getMetadata().getUid());
    return config;
  }

  @Override
  public void close() {
    if (host != null) {
      host.close();
    }
    if (kubelet != null) {
      kubelet.close();
    }
    if (plugin != null) {
      plugin.close();
    }
    if (child != null) {
      child.close();
    }
    api.close();
  }
}
