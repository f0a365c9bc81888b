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
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Per-node config against an API server (fabric8's mock, CRUD) and a device-manager stand-in over
 * real sockets: the node's label chooses among named configs, and a label change reconfigures the
 * running plugin.
 */
@EnableKubernetesMockClient(crud = true)
class PerNodeConfigIT {
  private static final String NODE = "node-a";

  KubernetesClient client;
  @TempDir Path dir;

  @Test
  @DisplayName(
      "no label: the default config (whole GPUs); label 'shared': nvidia.com/gpu.shared replicas"
          + " registered in place; a label naming no config keeps the running one; label removed:"
          + " back to the default")
  void labelReconfigures() throws IOException {
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
    NamedConfigs named =
        new NamedConfigs(configs, Optional.empty(), FallbackStrategy.parse("named"));
    try (UnixSocketTransport transport = new UnixSocketTransport(2);
        DeviceManagerStandIn kubelet =
            new DeviceManagerStandIn(Files.createDirectory(dir.resolve("kubelet"))).start();
        SimulatedNvml nvml = new SimulatedNvml(new ProfileLoader().load("dgx-h100"), NODE)) {
      Optional<String> label = NodeLabelWatch.current(client, NODE, NamedConfigs.NODE_LABEL);
      ReconfiguringPlugin.Factory factory =
          file -> {
            DevicePluginConfig config = new ConfigLoader().load(file, Map.of(), Map.of());
            PluginNode node =
                PluginNode.open(
                    config,
                    nvml,
                    new PluginNode.Setup(
                        true, dir.resolve("cdi"), dir.resolve("s"), dir.resolve("p")));
            return () ->
                DevicePluginServers.start(
                        config,
                        node.resources(),
                        node.devices(),
                        new KubeletSockets(kubelet.socket(), transport, transport))
                    ::close;
          };
      try (ReconfiguringPlugin plugin = ReconfiguringPlugin.start(named, label, factory);
          NodeLabelWatch watch =
              new NodeLabelWatch(
                  client, NODE, NamedConfigs.NODE_LABEL, label, plugin::labelChanged)) {
        assertThat(resources(kubelet)).containsExactly("nvidia.com/gpu");

        label("shared");
        await()
            .atMost(Duration.ofSeconds(10))
            .until(() -> plugin.current().name().equals(Optional.of("shared")));
        assertThat(resources(kubelet)).containsExactly("nvidia.com/gpu", "nvidia.com/gpu.shared");
        await()
            .atMost(Duration.ofSeconds(5))
            .until(() -> kubelet.endpoint("nvidia.com/gpu.shared").isPresent());
        assertThat(kubelet.lists("nvidia.com/gpu.shared").getLast().getDevicesCount())
            .isEqualTo(16);

        label("nope");
        label("nope-again");
        Thread.sleep(500);
        assertThat(plugin.current().name()).contains("shared");

        label(null);
        await()
            .atMost(Duration.ofSeconds(10))
            .until(() -> plugin.current().name().equals(Optional.of("default")));
        assertThat(resources(kubelet))
            .containsExactly("nvidia.com/gpu", "nvidia.com/gpu.shared", "nvidia.com/gpu");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
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

  private static List<String> resources(DeviceManagerStandIn kubelet) {
    return kubelet.registrations().stream().map(RegisterRequest::getResourceName).toList();
  }
}
