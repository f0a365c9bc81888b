package dev.gpudra.demo;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.gpu.plugin.GpuDriverParts;
import dev.gpudra.gpu.plugin.GpuKubeletPlugin;
import dev.gpudra.gpu.plugin.GpuPluginConfig;
import dev.gpudra.kit.slices.FieldSelectors;
import dev.gpudra.kit.slices.PublisherSettings;
import dev.gpudra.localcluster.kubelet.KubeletStandIn;
import dev.gpudra.localcluster.kubelet.StandInConfig;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** One simulated node: its Node object, its plugin, its kubelet stand-in and its directories. */
final class DemoNode implements AutoCloseable {
  final String name;
  final String profile;
  final GpuPluginConfig config;
  final GpuKubeletPlugin plugin;
  final KubeletStandIn kubelet;

  private DemoNode(
      String name,
      String profile,
      GpuPluginConfig config,
      GpuKubeletPlugin plugin,
      KubeletStandIn kubelet) {
    this.name = name;
    this.profile = profile;
    this.config = config;
    this.plugin = plugin;
    this.kubelet = kubelet;
  }

  static DemoNode start(KubernetesClient client, Path root, String name, String profile) {
    client
        .nodes()
        .resource(new NodeBuilder().withNewMetadata().withName(name).endMetadata().build())
        .create();
    Path dir = root.resolve(name);
    GpuPluginConfig config =
        new GpuPluginConfig(
            name,
            "gpu-dra",
            Optional.empty(),
            dir.resolve("cdi"),
            dir.resolve("plugins_registry"),
            dir.resolve("plugins"),
            Path.of("/"),
            FeatureGates.defaults(),
            -1,
            Optional.empty(),
            "/metrics",
            Optional.of(profile));
    PublisherSettings slices =
        PublisherSettings.defaults().withSelectors(FieldSelectors.CLIENT_SIDE);
    GpuKubeletPlugin plugin =
        GpuKubeletPlugin.start(
            config, client, slices, GpuDriverParts.Hooks.defaults().withBootIdFile(bootId(dir)));
    KubeletStandIn kubelet =
        new KubeletStandIn(StandInConfig.of(config.registrarDir(), name), client);
    kubelet.start();
    return new DemoNode(name, profile, config, plugin, kubelet);
  }

  private static Path bootId(Path dir) {
    try {
      Files.createDirectories(dir);
      return Files.writeString(dir.resolve("boot_id"), "demo-boot\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    kubelet.close();
    plugin.close();
  }
}
