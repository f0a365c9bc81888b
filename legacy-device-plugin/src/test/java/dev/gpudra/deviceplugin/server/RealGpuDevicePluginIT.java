package dev.gpudra.deviceplugin.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.deviceplugin.config.ConfigLoader;
import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import dev.gpudra.deviceplugin.node.PluginNode;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerAllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.Device;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.Nvml;
import dev.gpudra.nvml.jna.NvmlBinding;
import dev.gpudra.testsupport.devicemanager.DeviceManagerStandIn;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The classic device plugin on this machine's real GPUs: NVML through JNA, its CDI spec from the
 * driver root ({@code -Dgpudra.driverRoot}, default {@code /}), the device-manager stand-in over
 * real Unix sockets. Read only: health checks listen for XIDs, nothing is set on a GPU. Excluded
 * unless the {@code gpu} group is selected.
 */
@Tag("gpu")
@DisplayName("The device plugin on real GPUs")
class RealGpuDevicePluginIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;
  private final Path driverRoot = Path.of(System.getProperty("gpudra.driverRoot", "/"));
  private UnixSocketTransport transport;
  private DeviceManagerStandIn kubelet;
  private Nvml nvml;

  @BeforeEach
  void start() {
    transport = new UnixSocketTransport(2);
    kubelet = new DeviceManagerStandIn(dir).start();
    nvml = NvmlBinding.open(driverRoot);
  }

  @AfterEach
  void stop() {
    kubelet.close();
    nvml.close();
    transport.close();
  }

  @Test
  @DisplayName(
      "lists every GPU NVML reports Healthy under its UUID, and Allocate names its CDI device,"
          + " whose spec holds the node's character devices and the driver's files")
  void advertisesAndAllocatesRealGpus() throws IOException {
    List<GpuInfo> gpus = nvml.gpus();
    Map<String, String> env =
        Map.of(
            "NVIDIA_DRIVER_ROOT", driverRoot.toString(),
            "CONTAINER_DRIVER_ROOT", driverRoot.toString(),
            "DEVICE_LIST_STRATEGY", "cdi-cri");
    DevicePluginConfig config = new ConfigLoader().parse("", "config.yaml", env, Map.of());
    PluginNode node = PluginNode.open(config, nvml, PluginNode.Setup.of(false, dir.resolve("cdi")));
    try (DevicePluginServers servers =
        DevicePluginServers.start(
            config,
            node.resources(),
            node.devices(),
            new KubeletSockets(kubelet.socket(), transport, transport))) {
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> !kubelet.lists("nvidia.com/gpu").isEmpty());
      assertThat(kubelet.lists("nvidia.com/gpu").getFirst().getDevicesList())
          .extracting(Device::getID, Device::getHealth)
          .containsExactlyElementsOf(
              gpus.stream()
                  .map(g -> org.assertj.core.groups.Tuple.tuple(g.uuid(), "Healthy"))
                  .toList());

      AllocateResponse response =
          kubelet
              .registered("nvidia.com/gpu")
              .allocate(
                  AllocateRequest.newBuilder()
                      .addContainerRequests(
                          ContainerAllocateRequest.newBuilder()
                              .addDevicesIds(gpus.getFirst().uuid()))
                      .build());
      System.out.println("--- Allocate\n" + response);
      assertThat(response.getContainerResponses(0).getCdiDevicesList())
          .extracting(d -> d.getName())
          .containsExactly("k8s.device-plugin.nvidia.com/gpu=" + gpus.getFirst().uuid());
    }
    Path spec = dir.resolve("cdi/k8s.device-plugin.nvidia.com-gpu.json");
    String text = Files.readString(spec);
    System.out.println("--- " + spec.getFileName() + "\n" + text);
    JsonNode root = JSON.readTree(text);
    List<JsonNode> edits = new ArrayList<>();
    edits.add(root.path("containerEdits"));
    root.path("devices").forEach(d -> edits.add(d.path("containerEdits")));
    List<String> nodes = new ArrayList<>();
    List<String> mounts = new ArrayList<>();
    for (JsonNode edit : edits) {
      edit.path("deviceNodes")
          .forEach(n -> nodes.add(n.path(n.has("hostPath") ? "hostPath" : "path").asText()));
      edit.path("mounts").forEach(m -> mounts.add(m.path("hostPath").asText()));
    }
    assertThat(nodes).isNotEmpty().allSatisfy(p -> assertThat(isCharacterDevice(p)).as(p).isTrue());
    assertThat(mounts).anySatisfy(p -> assertThat(p).contains("libnvidia-ml.so."));
    assertThat(mounts).allSatisfy(p -> assertThat(Path.of(p)).exists());
  }

  private static boolean isCharacterDevice(String path) {
    try {
      Map<String, Object> a =
          Files.readAttributes(Path.of(path), "unix:mode", LinkOption.NOFOLLOW_LINKS);
      return (((Integer) a.get("mode")) & 0170000) == 0020000;
    } catch (IOException e) {
      return false;
    }
  }
}
