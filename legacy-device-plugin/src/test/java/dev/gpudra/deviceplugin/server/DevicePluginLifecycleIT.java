package dev.gpudra.deviceplugin.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gpudra.deviceplugin.config.ConfigLoader;
import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import dev.gpudra.deviceplugin.devices.UnsupportedSettingException;
import dev.gpudra.deviceplugin.health.DeviceHealthMonitor;
import dev.gpudra.deviceplugin.health.HealthCheckSettings;
import dev.gpudra.deviceplugin.node.PluginNode;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.Device;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ListAndWatchResponse;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import dev.gpudra.testsupport.devicemanager.DeviceManagerStandIn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The device plugin's life beside the kubelet: health changes sent again on ListAndWatch, a kubelet
 * restart or a late kubelet, and what is refused before anything is served.
 */
class DevicePluginLifecycleIT {
  @TempDir Path dir;

  private UnixSocketTransport transport;
  private DeviceManagerStandIn kubelet;
  private SimulatedNvml nvml;

  @BeforeEach
  void start() {
    transport = new UnixSocketTransport(2);
    kubelet = new DeviceManagerStandIn(dir).start();
    nvml = new SimulatedNvml(new ProfileLoader().load("dgx-h100"), "node-a");
  }

  @AfterEach
  void stop() {
    kubelet.close();
    nvml.close();
    transport.close();
  }

  private DevicePluginServers plugin(String yaml, Map<String, String> env) {
    DevicePluginConfig config = new ConfigLoader().parse(yaml, "config.yaml", env, Map.of());
    PluginNode node =
        PluginNode.open(
            config,
            nvml,
            new PluginNode.Setup(
                true, dir.resolve("cdi"), dir.resolve("sys"), dir.resolve("proc")));
    return DevicePluginServers.start(
        config,
        node.resources(),
        node.devices(),
        new KubeletSockets(kubelet.socket(), transport, transport));
  }

  @Test
  @DisplayName(
      "an XID in the simulated NVML: ListAndWatch sends the list again with that GPU's replicas"
          + " Unhealthy, the others Healthy; and again, all Healthy, after the recovery period")
  void health() {
    GpuInfo gpu = nvml.gpus().get(2);
    String yaml =
        """
        sharing:
          timeSlicing:
            resources:
            - name: nvidia.com/gpu
              replicas: 2
        """;
    DevicePluginConfig config = new ConfigLoader().parse(yaml, "config.yaml", Map.of(), Map.of());
    HealthCheckSettings settings =
        HealthCheckSettings.parse(null, null).withRecovery(Duration.ofSeconds(1));
    PluginNode node =
        PluginNode.open(
            config,
            nvml,
            new PluginNode.Setup(
                true, dir.resolve("cdi"), dir.resolve("sys"), dir.resolve("proc")));
    try (DeviceHealthMonitor health =
            DeviceHealthMonitor.start(nvml.gpus(), nvml::watchXids, settings, Clock.systemUTC());
        DevicePluginServers servers =
            DevicePluginServers.start(
                config,
                node.resources(),
                node.devices(),
                new KubeletSockets(kubelet.socket(), transport, transport),
                health)) {
      await().atMost(Duration.ofSeconds(5)).until(() -> !kubelet.lists("nvidia.com/gpu").isEmpty());

      nvml.injectXid(gpu, 8);

      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> kubelet.lists("nvidia.com/gpu").size() == 3);
      List<ListAndWatchResponse> lists = kubelet.lists("nvidia.com/gpu");
      assertThat(lists)
          .extracting(DevicePluginLifecycleIT::unhealthy)
          .containsExactly(Set.of(), Set.of(gpu.uuid() + "::0", gpu.uuid() + "::1"), Set.of());
      assertThat(lists)
          .allSatisfy(l ->
              assertThat(l.getDevicesList())
                  .hasSize(16)
                  .extracting(Device::getHealth)
                  .isSubsetOf("Healthy", "Unhealthy"));
      assertThat(kubelet.streamErrors()).isEmpty();
    }
  }

  private static Set<String> unhealthy(ListAndWatchResponse list) {
    return list.getDevicesList().stream()
        .filter(d -> d.getHealth().equals("Unhealthy"))
        .map(Device::getID)
        .collect(java.util.stream.Collectors.toSet());
  }

  @Test
  @DisplayName(
      "a restarted kubelet (new kubelet.sock, plugin sockets removed) gets the plugin registered"
          + " again, its socket bound again, and the device list")
  void kubeletRestart() throws Exception {
    try (DevicePluginServers servers = plugin("", Map.of())) {
      assertThat(kubelet.registrations()).hasSize(1);
      kubelet.close();
      Files.deleteIfExists(dir.resolve("nvidia-gpu.sock"));
      kubelet = new DeviceManagerStandIn(dir).start();

      await()
          .atMost(Duration.ofSeconds(10))
          .untilAsserted(() -> assertThat(kubelet.registrations()).hasSize(1));
      await()
          .atMost(Duration.ofSeconds(5))
          .untilAsserted(() ->
              assertThat(kubelet.lists("nvidia.com/gpu"))
                  .singleElement()
                  .satisfies(l -> assertThat(l.getDevicesCount()).isEqualTo(nvml.gpus().size())));
      Thread.sleep(DevicePluginServers.SOCKET_CHECK.multipliedBy(2).toMillis());
      assertThat(kubelet.registrations())
          .as("registered once per kubelet, not per look")
          .hasSize(1);
    }
  }

  @Test
  @DisplayName("a kubelet not up yet when the plugin starts gets it registered once it is")
  void kubeletLater() {
    kubelet.close();
    try (DevicePluginServers servers = plugin("", Map.of())) {
      assertThat(dir.resolve("nvidia-gpu.sock")).exists();
      kubelet = new DeviceManagerStandIn(dir).start();

      await()
          .atMost(Duration.ofSeconds(10))
          .untilAsserted(() -> assertThat(kubelet.registrations()).hasSize(1));
    }
  }

  @Test
  @DisplayName("what is not built yet is refused at start, by its path, and nothing is left served")
  void unbuiltRefused() {
    assertThatThrownBy(() -> plugin("flags: {deviceDiscoveryStrategy: tegra}", Map.of()))
        .isInstanceOf(UnsupportedSettingException.class)
        .hasMessage(
            "flags.deviceDiscoveryStrategy: tegra is not supported by gpu-dra's device plugin yet");
    assertThatThrownBy(
            () -> plugin("", Map.of("DEVICE_LIST_STRATEGY", "cdi-cri", "GDS_ENABLED", "true")))
        .hasMessage(
            "flags.gdsEnabled: true with a CDI strategy is not supported by gpu-dra's device plugin"
                + " yet");
    assertThat(kubelet.registrations()).isEmpty();
    assertThat(dir.resolve("nvidia-gpu.sock")).doesNotExist();
  }
}
