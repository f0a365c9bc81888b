package dev.gpudra.deviceplugin.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gpudra.deviceplugin.config.ConfigLoader;
import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import dev.gpudra.deviceplugin.node.PluginNode;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerAllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.Device;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import dev.gpudra.testsupport.devicemanager.DeviceManagerStandIn;
import io.grpc.StatusRuntimeException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DevicePluginIT {
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

  private AllocateResponse allocate(String resource, String... ids) {
    return kubelet
        .registered(resource)
        .allocate(
            AllocateRequest.newBuilder()
                .addContainerRequests(
                    ContainerAllocateRequest.newBuilder().addAllDevicesIds(List.of(ids)))
                .build());
  }

  @Test
  @DisplayName(
      "registers nvidia.com/gpu (v1beta1, nvidia-gpu.sock, 0600) after serving; ListAndWatch lists"
          + " every GPU Healthy; Allocate gives NVIDIA_VISIBLE_DEVICES, by UUID or by index")
  void wholeGpus() throws Exception {
    List<GpuInfo> gpus = nvml.gpus();
    try (DevicePluginServers servers = plugin("", Map.of())) {
      assertThat(kubelet.registrations())
          .singleElement()
          .satisfies(r -> {
            assertThat(r.getVersion()).isEqualTo("v1beta1");
            assertThat(r.getEndpoint()).isEqualTo("nvidia-gpu.sock");
            assertThat(r.getResourceName()).isEqualTo("nvidia.com/gpu");
            assertThat(r.getOptions().getGetPreferredAllocationAvailable())
                .as("whole GPUs: the links were read at start")
                .isTrue();
          });
      assertThat(
              PosixFilePermissions.toString(
                  Files.getPosixFilePermissions(dir.resolve("nvidia-gpu.sock"))))
          .isEqualTo("rw-------");
      await().atMost(Duration.ofSeconds(5)).until(() -> !kubelet.lists("nvidia.com/gpu").isEmpty());
      assertThat(kubelet.lists("nvidia.com/gpu").getFirst().getDevicesList())
          .extracting(Device::getID, Device::getHealth)
          .containsExactlyElementsOf(
              gpus.stream()
                  .map(g -> org.assertj.core.groups.Tuple.tuple(g.uuid(), "Healthy"))
                  .toList());

      AllocateResponse response =
          allocate("nvidia.com/gpu", gpus.get(3).uuid(), gpus.get(1).uuid());
      assertThat(response.getContainerResponses(0).getEnvsMap())
          .containsExactly(
              Map.entry("NVIDIA_VISIBLE_DEVICES", gpus.get(3).uuid() + "," + gpus.get(1).uuid()));
    }
    try (DevicePluginServers servers =
        plugin("", Map.of("DEVICE_ID_STRATEGY", "index", "GDS_ENABLED", "true"))) {
      AllocateResponse response =
          allocate("nvidia.com/gpu", gpus.get(3).uuid(), gpus.get(1).uuid());
      assertThat(response.getContainerResponses(0).getEnvsMap())
          .containsEntry("NVIDIA_VISIBLE_DEVICES", "3,1")
          .containsEntry("NVIDIA_GDS", "enabled");
    }
    assertThat(kubelet.streamErrors())
        .as("ListAndWatch streams end only with the plugin")
        .isEmpty();
  }

  private List<String> preferred(String resource, List<String> mustInclude, int size) {
    List<String> available =
        kubelet.lists(resource).getFirst().getDevicesList().stream().map(Device::getID).toList();
    return kubelet.registered(resource).preferred(available, mustInclude, size);
  }

  @Test
  @DisplayName(
      "GetPreferredAllocation for whole GPUs: on dgx-h100 (NV18 everywhere) the GPUs sharing a"
          + " PCIe switch or socket; on l40s (PCIe only) the pair under one switch")
  void preferredWholeGpus() {
    List<String> h100 = nvml.gpus().stream().map(GpuInfo::uuid).toList();
    try (DevicePluginServers servers = plugin("", Map.of())) {
      await().atMost(Duration.ofSeconds(5)).until(() -> !kubelet.lists("nvidia.com/gpu").isEmpty());
      assertThat(preferred("nvidia.com/gpu", List.of(h100.get(5)), 2))
          .containsExactly(h100.get(4), h100.get(5));
      assertThat(preferred("nvidia.com/gpu", List.of(h100.get(7)), 4))
          .containsExactlyElementsOf(h100.subList(4, 8));
      assertThatThrownBy(() -> preferred("nvidia.com/gpu", List.of("GPU-nope"), 2))
          .isInstanceOf(io.grpc.StatusRuntimeException.class)
          .hasMessageContaining("INVALID_ARGUMENT");
    }
    nvml.close();
    nvml = new SimulatedNvml(new ProfileLoader().load("l40s"), "node-a");
    List<String> l40s = nvml.gpus().stream().map(GpuInfo::uuid).toList();
    try (DevicePluginServers servers = plugin("", Map.of())) {
      await().atMost(Duration.ofSeconds(5)).until(() -> !kubelet.lists("nvidia.com/gpu").isEmpty());
      assertThat(preferred("nvidia.com/gpu", List.of(l40s.get(2)), 2))
          .containsExactly(l40s.get(2), l40s.get(3));
      assertThat(preferred("nvidia.com/gpu", List.of(), 2))
          .containsExactly(l40s.get(0), l40s.get(1));
    }
    nvml.loseGpu(nvml.gpus().get(3)); // NVML cannot tell the links: served without the option
    try (DevicePluginServers servers = plugin("", Map.of())) {
      assertThat(
              kubelet.registered("nvidia.com/gpu").options().getGetPreferredAllocationAvailable())
          .isFalse();
    }
  }

  @Test
  @DisplayName(
      "time-slicing: each GPU as <UUID>::<k> replicas under nvidia.com/gpu.shared; two replicas of"
          + " one GPU give it once; more than one replica refused when so configured")
  void timeSlicing() {
    GpuInfo gpu0 = nvml.gpus().getFirst();
    String yaml =
        """
        sharing:
          timeSlicing:
            renameByDefault: true
            resources:
            - name: nvidia.com/gpu
              replicas: 4
        """;
    try (DevicePluginServers servers = plugin(yaml, Map.of())) {
      assertThat(kubelet.registrations().getFirst().getEndpoint())
          .isEqualTo("nvidia-gpu.shared.sock");
      await()
          .atMost(Duration.ofSeconds(5))
          .until(() -> !kubelet.lists("nvidia.com/gpu.shared").isEmpty());
      List<Device> devices = kubelet.lists("nvidia.com/gpu.shared").getFirst().getDevicesList();
      assertThat(devices).hasSize(4 * nvml.gpus().size());
      assertThat(devices.getFirst().getID()).isEqualTo(gpu0.uuid() + "::0");

      assertThat(
              kubelet
                  .registered("nvidia.com/gpu.shared")
                  .options()
                  .getGetPreferredAllocationAvailable())
          .isTrue();
      List<String> preferred =
          kubelet
              .registered("nvidia.com/gpu.shared")
              .preferred(devices.stream().map(Device::getID).toList(), List.of(), 2);
      assertThat(preferred)
          .as("distributed: one replica on each of two GPUs")
          .containsExactly(gpu0.uuid() + "::0", nvml.gpus().get(1).uuid() + "::0");

      AllocateResponse response =
          allocate("nvidia.com/gpu.shared", gpu0.uuid() + "::0", gpu0.uuid() + "::2");
      assertThat(response.getContainerResponses(0).getEnvsMap())
          .containsEntry("NVIDIA_VISIBLE_DEVICES", gpu0.uuid());
    }
    String strict = yaml.replace("renameByDefault: true", "failRequestsGreaterThanOne: true");
    try (DevicePluginServers servers = plugin(strict, Map.of())) {
      assertThatThrownBy(() -> allocate("nvidia.com/gpu", gpu0.uuid() + "::0", gpu0.uuid() + "::1"))
          .isInstanceOf(StatusRuntimeException.class)
          .hasMessage(
              "INVALID_ARGUMENT: request for 'nvidia.com/gpu': maximum request size for shared"
                  + " resources is 1");
      assertThatThrownBy(() -> allocate("nvidia.com/gpu", "GPU-nope::0"))
          .hasMessage("INVALID_ARGUMENT: unknown device GPU-nope::0 for resource 'nvidia.com/gpu'");
    }
  }

  @Test
  @DisplayName(
      "cdi-annotations,cdi-cri: the GPU spec is written before serving (one device per GPU, named"
          + " by UUID or index); Allocate names the GPUs in a cdi.k8s.io/ annotation and in"
          + " CDIDevices, and nothing else")
  void cdiStrategies() throws Exception {
    List<GpuInfo> gpus = nvml.gpus();
    Map<String, String> env = Map.of("DEVICE_LIST_STRATEGY", "cdi-annotations,cdi-cri");
    try (DevicePluginServers servers = plugin("", env)) {
      Path spec = dir.resolve("cdi/k8s.device-plugin.nvidia.com-gpu.json");
      var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(spec.toFile());
      assertThat(json.path("kind").asText()).isEqualTo("k8s.device-plugin.nvidia.com/gpu");
      assertThat(json.path("devices").findValuesAsText("name"))
          .containsExactlyElementsOf(gpus.stream().map(GpuInfo::uuid).toList());
      assertThat(json.path("devices").get(1).path("containerEdits").path("deviceNodes").toString())
          .contains("/dev/nvidia" + gpus.get(1).minor());
      assertThat(json.path("containerEdits").toString())
          .contains("/dev/nvidiactl", "NVIDIA_VISIBLE_DEVICES=void");

      var container = allocate("nvidia.com/gpu", gpus.get(2).uuid()).getContainerResponses(0);
      String name = "k8s.device-plugin.nvidia.com/gpu=" + gpus.get(2).uuid();
      assertThat(container.getCdiDevicesList())
          .extracting(dev.gpudra.kit.proto.deviceplugin.v1beta1.CDIDevice::getName)
          .containsExactly(name);
      assertThat(container.getAnnotationsMap().entrySet())
          .singleElement()
          .satisfies(a -> {
            assertThat(a.getKey()).matches("cdi\\.k8s\\.io/nvidia-device-plugin_[0-9a-f-]{36}");
            assertThat(a.getValue()).isEqualTo(name);
          });
      assertThat(container.getEnvsMap()).as("all strategies CDI: no env").isEmpty();
    }
    try (DevicePluginServers servers =
        plugin("", Map.of("DEVICE_LIST_STRATEGY", "cdi-cri", "DEVICE_ID_STRATEGY", "index"))) {
      var container = allocate("nvidia.com/gpu", gpus.get(5).uuid()).getContainerResponses(0);
      assertThat(container.getCdiDevices(0).getName())
          .isEqualTo("k8s.device-plugin.nvidia.com/gpu=5");
      assertThat(Files.readString(dir.resolve("cdi/k8s.device-plugin.nvidia.com-gpu.json")))
          .contains("\"name\":\"5\"");
    }
  }

  @Test
  @DisplayName(
      "imex.channelIDs [0]: NVIDIA_IMEX_CHANNELS with envvar; the imex-channel CDI name and spec"
          + " with cdi-cri; the channel's /dev/null mount with volume-mounts; its node as a device"
          + " spec")
  void imexChannel() throws Exception {
    String uuid = nvml.gpus().getFirst().uuid();
    try (DevicePluginServers servers = plugin("imex: {channelIDs: [0]}", Map.of())) {
      assertThat(allocate("nvidia.com/gpu", uuid).getContainerResponses(0).getEnvsMap())
          .containsEntry("NVIDIA_IMEX_CHANNELS", "0");
    }
    Map<String, String> cdi = Map.of("DEVICE_LIST_STRATEGY", "cdi-cri", "IMEX_CHANNEL_IDS", "0");
    try (DevicePluginServers servers = plugin("", cdi)) {
      assertThat(allocate("nvidia.com/gpu", uuid).getContainerResponses(0).getCdiDevicesList())
          .extracting(dev.gpudra.kit.proto.deviceplugin.v1beta1.CDIDevice::getName)
          .containsExactly(
              "k8s.device-plugin.nvidia.com/gpu=" + uuid,
              "k8s.device-plugin.nvidia.com/imex-channel=0");
      assertThat(
              Files.readString(dir.resolve("cdi/k8s.device-plugin.nvidia.com-imex-channel.json")))
          .contains("\"kind\":\"k8s.device-plugin.nvidia.com/imex-channel\"")
          .contains("/dev/nvidia-caps-imex-channels/channel0");
    }
    Map<String, String> mounts =
        Map.of(
            "DEVICE_LIST_STRATEGY", "volume-mounts",
            "IMEX_CHANNEL_IDS", "0",
            "PASS_DEVICE_SPECS", "true");
    try (DevicePluginServers servers = plugin("", mounts)) {
      var container = allocate("nvidia.com/gpu", uuid).getContainerResponses(0);
      assertThat(container.getMountsList())
          .extracting(m -> m.getContainerPath())
          .contains("/var/run/nvidia-container-devices/imex/0");
      assertThat(container.getDevicesList())
          .extracting(d -> d.getContainerPath())
          .endsWith("/dev/nvidia-caps-imex-channels/channel0");
    }
  }

  @Test
  @DisplayName(
      "volume-mounts with passDeviceSpecs: NVIDIA_VISIBLE_DEVICES names the mount directory, one"
          + " /dev/null mount per GPU, the control nodes and the GPUs' nodes under the dev root")
  void volumeMountsAndDeviceSpecs() {
    GpuInfo gpu = nvml.gpus().get(4);
    Map<String, String> env =
        Map.of(
            "DEVICE_LIST_STRATEGY", "volume-mounts",
            "PASS_DEVICE_SPECS", "true",
            "NVIDIA_DEV_ROOT", "/run/nvidia/driver");
    try (DevicePluginServers servers = plugin("", env)) {
      var container = allocate("nvidia.com/gpu", gpu.uuid()).getContainerResponses(0);
      assertThat(container.getEnvsMap())
          .containsExactly(
              Map.entry("NVIDIA_VISIBLE_DEVICES", "/var/run/nvidia-container-devices"));
      assertThat(container.getMountsList())
          .singleElement()
          .satisfies(m -> {
            assertThat(m.getHostPath()).isEqualTo("/dev/null");
            assertThat(m.getContainerPath())
                .isEqualTo("/var/run/nvidia-container-devices/" + gpu.uuid());
          });
      assertThat(container.getDevicesList())
          .extracting(d -> d.getContainerPath() + " " + d.getHostPath() + " " + d.getPermissions())
          .containsExactly(
              "/dev/nvidiactl /run/nvidia/driver/dev/nvidiactl rw",
              "/dev/nvidia-uvm /run/nvidia/driver/dev/nvidia-uvm rw",
              "/dev/nvidia-uvm-tools /run/nvidia/driver/dev/nvidia-uvm-tools rw",
              "/dev/nvidia-modeset /run/nvidia/driver/dev/nvidia-modeset rw",
              "/dev/nvidia" + gpu.minor() + " /run/nvidia/driver/dev/nvidia" + gpu.minor() + " rw");
      assertThat(dir.resolve("cdi")).as("no CDI strategy, no spec").doesNotExist();
    }
  }
}
