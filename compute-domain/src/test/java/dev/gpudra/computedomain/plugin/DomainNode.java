package dev.gpudra.computedomain.plugin;

import static org.awaitility.Awaitility.await;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.ComputeDomainClique;
import dev.gpudra.api.computedomain.ComputeDomainCrds;
import dev.gpudra.api.computedomain.ComputeDomainDaemon;
import dev.gpudra.api.computedomain.ComputeDomainSpec;
import dev.gpudra.api.computedomain.DomainStatus;
import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PluginConfig;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.kit.slices.FieldSelectors;
import dev.gpudra.kit.slices.PublisherSettings;
import dev.gpudra.localcluster.api.LocalApiServer;
import dev.gpudra.localcluster.kubelet.KubeletStandIn;
import dev.gpudra.localcluster.kubelet.StandInConfig;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
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
 * One simulated node in this JVM for the compute-domain plugin: the local API server with the
 * ComputeDomain CRDs and a Node, the real plugin on temp directories, a kubelet stand-in that
 * registered it over its sockets.
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
  private KubeletStandIn kubelet;

  private DomainNode(Path root) {
    this.root = root;
  }

  static DomainNode start(Path root, String profile) {
    DomainNode node = new DomainNode(root);
    try {
      node.startAll(profile);
    } catch (RuntimeException | Error e) {
      node.close();
      throw e;
    }
    return node;
  }

  private void startAll(String profile) {
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
    plugin =
        ComputeDomainKubeletPlugin.start(
            config(profile),
            client,
            PublisherSettings.defaults().withSelectors(FieldSelectors.CLIENT_SIDE),
            Duration.ofSeconds(5),
            RETRY);
    kubelet = new KubeletStandIn(StandInConfig.of(root.resolve("registrar"), NODE), client);
    kubelet.start();
    await().atMost(Duration.ofSeconds(10)).until(() -> kubelet.isRegistered(DRIVER));
  }

  DomainPluginConfig config(String profile) {
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
        FeatureGates.defaults(),
        -1,
        Optional.of(new java.net.InetSocketAddress("127.0.0.1", 0)),
        "/metrics",
        Optional.of(profile));
  }

  ComputeDomainKubeletPlugin plugin() {
    return plugin;
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
    String name = domain.getMetadata().getUid() + "." + plugin.cliqueId();
    ComputeDomainClique clique =
        new ComputeDomainClique(
            new ObjectMetaBuilder().withNamespace(DRIVER_NS).withName(name).build(),
            List.of(new ComputeDomainDaemon(NODE, "10.0.0.1", plugin.cliqueId(), 0, status)));
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
  ClaimRef claim(String namespace, String name, String device, Map<String, Object> config) {
    ResourceClaim claim =
        new ResourceClaimBuilder()
            .withNewMetadata()
            .withNamespace(namespace)
            .withName(name)
            .endMetadata()
            .withNewSpec()
            .endSpec()
            .withNewStatus()
            .withNewAllocation()
            .withNewDevices()
            .withResults(
                new DeviceRequestAllocationResultBuilder()
                    .withRequest(device.startsWith("channel") ? "channel" : "daemon")
                    .withDriver(DRIVER)
                    .withPool(NODE)
                    .withDevice(device)
                    .build())
            .withConfig(
                new DeviceAllocationConfigurationBuilder()
                    .withSource("FromClaim")
                    .withRequests(new ArrayList<String>())
                    .withNewOpaque()
                    .withDriver(DRIVER)
                    .withParameters(config)
                    .endOpaque()
                    .build())
            .endDevices()
            .endAllocation()
            .endStatus()
            .build();
    ResourceClaim created = client.resource(claim).create();
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
    if (kubelet != null) {
      kubelet.close();
    }
    if (plugin != null) {
      plugin.close();
    }
    api.close();
  }
}
