package dev.gpudra.deviceplugin.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.deviceplugin.config.ConfigLoader;
import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import dev.gpudra.deviceplugin.node.PluginNode;
import dev.gpudra.deviceplugin.pernode.FallbackStrategy;
import dev.gpudra.deviceplugin.pernode.NamedConfigs;
import dev.gpudra.deviceplugin.pernode.NodeLabelWatch;
import dev.gpudra.deviceplugin.pernode.ReconfiguringPlugin;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.RegisterRequest;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import dev.gpudra.testsupport.devicemanager.DeviceManagerStandIn;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Per-node config against an API server (fabric8's mock, CRUD) and a device-manager stand-in over
 * real sockets: the node's label chooses among named configs, and a label change reconfigures the
 * running plugin. Each test starts unlabelled, on the default config.
 */
@EnableKubernetesMockClient(crud = true)
class PerNodeConfigIT {
  private static final String NODE = "node-a";
  private static final String GPU = "nvidia.com/gpu";
  private static final String SHARED = "nvidia.com/gpu.shared";

  KubernetesClient client;
  @TempDir Path dir;
  private UnixSocketTransport transport;
  private DeviceManagerStandIn kubelet;
  private SimulatedNvml nvml;
  private ReconfiguringPlugin plugin;
  private NodeLabelWatch watch;

  @BeforeEach
  void start() throws IOException {
    Path configs = Files.createDirectory(dir.resolve("configs"));
    Files.writeString(configs.resolve("default"), "version: v1\n");
    Files.writeString(
        configs.resolve("shared"),
        """
        version: v1
        sharing:
          timeSlicing:
            renameByDefault: true
            resources:
            - name: nvidia.com/gpu
              replicas: 2
        """);
    client
        .nodes()
        .resource(new NodeBuilder().withNewMetadata().withName(NODE).endMetadata().build())
        .create();
    transport = new UnixSocketTransport(2);
    kubelet = new DeviceManagerStandIn(Files.createDirectory(dir.resolve("kubelet"))).start();
    nvml = new SimulatedNvml(new ProfileLoader().load("dgx-h100"), NODE);
    NamedConfigs named =
        new NamedConfigs(configs, Optional.empty(), FallbackStrategy.parse("named"));
    Optional<String> label = NodeLabelWatch.current(client, NODE, NamedConfigs.NODE_LABEL);
    plugin = ReconfiguringPlugin.start(named, label, this::prepare);
    watch = new NodeLabelWatch(client, NODE, NamedConfigs.NODE_LABEL, label, plugin::labelChanged);
  }

  @AfterEach
  void stop() {
    for (AutoCloseable open : new AutoCloseable[] {watch, plugin, nvml, kubelet, transport}) {
      if (open != null) {
        try {
          open.close();
        } catch (Exception e) {
          throw new IllegalStateException("closing " + open, e);
        }
      }
    }
  }

  @Test
  @DisplayName("no label: the default config, whole GPUs only")
  void noLabelRunsTheDefault() {
    assertThat(resources()).containsExactly(GPU);
  }

  @Test
  @DisplayName(
      "label 'shared': nvidia.com/gpu.shared replicas (2 per GPU) registered in place of the"
          + " running config")
  void sharedLabelRegistersReplicas() {
    switchTo("shared");

    assertThat(resources()).containsExactly(GPU, SHARED);
    await().atMost(Duration.ofSeconds(5)).until(() -> kubelet.endpoint(SHARED).isPresent());
    assertThat(kubelet.lists(SHARED).getLast().getDevicesCount()).isEqualTo(16);
  }

  @Test
  @DisplayName("a label naming no config keeps the running one")
  void unknownLabelKeepsTheRunningConfig() {
    switchTo("shared");

    label("nope");
    label("nope-again");

    await()
        .during(Duration.ofMillis(500))
        .atMost(Duration.ofSeconds(2))
        .until(() -> plugin.current().name().equals(Optional.of("shared")));
  }

  @Test
  @DisplayName("label removed: back to the default, whole GPUs registered again")
  void removedLabelGoesBackToTheDefault() {
    switchTo("shared");

    label(null);

    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> plugin.current().name().equals(Optional.of("default")));
    assertThat(resources()).containsExactly(GPU, SHARED, GPU);
  }

  /** Labels the node and waits until the plugin runs the named config. */
  private void switchTo(String config) {
    label(config);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> plugin.current().name().equals(Optional.of(config)));
  }

  /** The plugin for one config file, as the device plugin's main wires it. */
  private ReconfiguringPlugin.Prepared prepare(Optional<Path> file) {
    DevicePluginConfig config = new ConfigLoader().load(file, Map.of(), Map.of());
    PluginNode node =
        PluginNode.open(
            config,
            nvml,
            new PluginNode.Setup(true, dir.resolve("cdi"), dir.resolve("s"), dir.resolve("p")));
    return () ->
        DevicePluginServers.start(
                config,
                node.resources(),
                node.devices(),
                new KubeletSockets(kubelet.socket(), transport, transport))
            ::close;
  }

  private void label(String value) {
    client
        .nodes()
        .withName(NODE)
        .edit(n -> {
          if (value == null) {
            n.getMetadata().getLabels().remove(NamedConfigs.NODE_LABEL);
          } else {
            n.getMetadata().getLabels().put(NamedConfigs.NODE_LABEL, value);
          }
          return n;
        });
  }

  private List<String> resources() {
    return kubelet.registrations().stream().map(RegisterRequest::getResourceName).toList();
  }
}
