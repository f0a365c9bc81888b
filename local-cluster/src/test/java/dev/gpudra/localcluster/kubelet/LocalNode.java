package dev.gpudra.localcluster.kubelet;

import static org.awaitility.Awaitility.await;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.plugin.KubeletPlugin;
import dev.gpudra.kit.plugin.PluginConfig;
import dev.gpudra.kit.plugin.PluginPaths;
import dev.gpudra.kit.registration.DraService;
import dev.gpudra.kit.slices.FieldSelectors;
import dev.gpudra.kit.slices.PublisherSettings;
import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResultBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;

/** One node: API server, a plugin around a fake driver, and the kubelet stand-in. */
final class LocalNode implements AutoCloseable {
  static final String DRIVER = "gpu.example.com";
  static final String NODE = "node-a";

  final LocalApiServer api = new LocalApiServer().start();
  final KubernetesClient client = api.client();
  final FakeGpuDriver driver = new FakeGpuDriver();
  final PluginPaths paths;
  final KubeletPlugin plugin;
  KubeletStandIn kubelet;

  LocalNode(Path dir) {
    client
        .nodes()
        .resource(new NodeBuilder().withNewMetadata().withName(NODE).endMetadata().build())
        .create();
    paths = new PluginPaths(dir.resolve("plugins_registry"), dir.resolve("plugins"), DRIVER);
    PluginConfig config =
        PluginConfig.of(paths, NODE, 0)
            .withSlices(PublisherSettings.defaults().withSelectors(FieldSelectors.CLIENT_SIDE));
    plugin = new KubeletPlugin(config, client, driver);
  }

  /** Starts the plugin and a stand-in speaking {@code services}; waits for registration. */
  LocalNode start(Set<DraService> services) throws InterruptedException {
    plugin.start();
    startKubelet(services);
    await().atMost(Duration.ofSeconds(10)).until(() -> kubelet.isRegistered(DRIVER));
    if (!plugin.registration().awaitRegistered(Duration.ofSeconds(10))) {
      throw new AssertionError("plugin never heard back from the kubelet stand-in");
    }
    return this;
  }

  void startKubelet(Set<DraService> services) {
    if (kubelet != null) {
      kubelet.close();
    }
    kubelet =
        new KubeletStandIn(
            StandInConfig.of(paths.registrarDir(), NODE).withServices(services), client);
    kubelet.start();
  }

  /** Creates an allocated claim in the API and returns the kubelet's reference to it. */
  ClaimRef allocatedClaim(String name, String device, String shareId) {
    ResourceClaim claim =
        new ResourceClaimBuilder()
            .withNewMetadata()
            .withNamespace("default")
            .withName(name)
            .endMetadata()
            .withNewSpec()
            .withNewDevices()
            .addNewRequest()
            .withName("gpu")
            .addNewFirstAvailable()
            .withName("large")
            .withDeviceClassName(DRIVER)
            .endFirstAvailable()
            .endRequest()
            .endDevices()
            .endSpec()
            .withNewStatus()
            .withNewAllocation()
            .withNewDevices()
            .addToResults(
                new DeviceRequestAllocationResultBuilder()
                    .withRequest("gpu/large")
                    .withDriver(DRIVER)
                    .withPool(NODE)
                    .withDevice(device)
                    .withShareID(shareId)
                    .build())
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
    return new ClaimRef("default", name, created.getMetadata().getUid());
  }

  /** Creates a claim without an allocation. */
  ClaimRef pendingClaim(String name) {
    ResourceClaim created =
        client
            .resource(
                new ResourceClaimBuilder()
                    .withNewMetadata()
                    .withNamespace("default")
                    .withName(name)
                    .endMetadata()
                    .withNewSpec()
                    .endSpec()
                    .build())
            .create();
    return new ClaimRef("default", name, created.getMetadata().getUid());
  }

  @Override
  public void close() {
    if (kubelet != null) {
      kubelet.close();
    }
    plugin.close();
    api.close();
  }
}
