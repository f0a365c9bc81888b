package dev.gpudra.deviceplugin.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.deviceplugin.config.ConfigLoader;
import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import dev.gpudra.deviceplugin.devices.MigLayoutException;
import dev.gpudra.deviceplugin.node.PluginNode;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerAllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerAllocateResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.RegisterRequest;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigDevice;
import dev.gpudra.nvml.MigProfile;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import dev.gpudra.testsupport.devicemanager.DeviceManagerStandIn;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MIG strategies over real sockets, on the simulated {@code dgx-a100-mig} node (GPU 0 with
 * seven 1g.5gb devices, GPU 1 with two 3g.20gb, six whole GPUs) and on a {@code dgx-h100} whose
 * GPUs the test partitions alike.
 */
class DevicePluginMigIT {
  @TempDir Path dir;

  private UnixSocketTransport transport;
  private DeviceManagerStandIn kubelet;
  private SimulatedNvml nvml;

  @BeforeEach
  void start() {
    transport = new UnixSocketTransport(2);
    kubelet = new DeviceManagerStandIn(dir).start();
  }

  @AfterEach
  void stop() {
    kubelet.close();
    if (nvml != null) {
      nvml.close();
    }
    transport.close();
  }

  private DevicePluginServers plugin(String profile, Map<String, String> env) {
    nvml = nvml == null ? new SimulatedNvml(new ProfileLoader().load(profile), "node-a") : nvml;
    DevicePluginConfig config = new ConfigLoader().parse("", "config.yaml", env, Map.of());
    PluginNode node =
        PluginNode.open(
            config,
            nvml,
            new PluginNode.Setup(true, dir.resolve("cdi"), dir.resolve("sys"), dir.resolve("p")));
    return DevicePluginServers.start(
        config,
        node.resources(),
        node.devices(),
        new KubeletSockets(kubelet.socket(), transport, transport));
  }

  private ContainerAllocateResponse allocate(String resource, String... ids) {
    return kubelet
        .registered(resource)
        .allocate(
            AllocateRequest.newBuilder()
                .addContainerRequests(
                    ContainerAllocateRequest.newBuilder().addAllDevicesIds(List.of(ids)))
                .build())
        .getContainerResponses(0);
  }

  @Test
  @DisplayName(
      "mixed: whole GPUs under nvidia.com/gpu, each profile under nvidia.com/mig-<profile> on its"
          + " own socket; Allocate names a MIG device by UUID or GPU:MIG index, with its parent's"
          + " node and its two capability nodes as device specs")
  void mixed() {
    Map<String, String> env =
        Map.of(
            "MIG_STRATEGY", "mixed",
            "DEVICE_ID_STRATEGY", "index",
            "PASS_DEVICE_SPECS", "true");
    try (DevicePluginServers servers = plugin("dgx-a100-mig", env)) {
      assertThat(kubelet.registrations())
          .extracting(RegisterRequest::getResourceName, RegisterRequest::getEndpoint)
          .containsExactly(
              org.assertj.core.groups.Tuple.tuple("nvidia.com/gpu", "nvidia-gpu.sock"),
              org.assertj.core.groups.Tuple.tuple(
                  "nvidia.com/mig-1g.5gb", "nvidia-mig-1g.5gb.sock"),
              org.assertj.core.groups.Tuple.tuple(
                  "nvidia.com/mig-3g.20gb", "nvidia-mig-3g.20gb.sock"));
      assertThat(
              kubelet
                  .registered("nvidia.com/mig-1g.5gb")
                  .options()
                  .getGetPreferredAllocationAvailable())
          .isTrue();
      GpuInfo gpu0 = nvml.gpus().getFirst();
      MigDevice third = nvml.migDevices(gpu0).get(2);

      ContainerAllocateResponse container = allocate("nvidia.com/mig-1g.5gb", third.uuid());

      assertThat(container.getEnvsMap()).containsEntry("NVIDIA_VISIBLE_DEVICES", "0:2");
      assertThat(container.getDevicesList())
          .extracting(d -> d.getContainerPath())
          .contains("/dev/nvidia" + gpu0.minor())
          .filteredOn(p -> p.startsWith("/dev/nvidia-caps/"))
          .hasSize(2);
      assertThat(allocate("nvidia.com/gpu", nvml.gpus().get(4).uuid()).getEnvsMap())
          .containsEntry("NVIDIA_VISIBLE_DEVICES", "4");
    }
  }

  @Test
  @DisplayName(
      "single refuses a node whose GPUs are not all in MIG mode, naming them; with every GPU"
          + " partitioned alike, its MIG devices are nvidia.com/gpu, in the CDI spec by UUID")
  void single() throws Exception {
    assertThatThrownBy(() -> plugin("dgx-a100-mig", Map.of("MIG_STRATEGY", "single")))
        .isInstanceOf(MigLayoutException.class)
        .hasMessage(
            "flags.migStrategy: single needs every GPU in the same MIG mode; MIG is enabled on"
                + " [0, 1] but not on [2, 3, 4, 5, 6, 7]");
    nvml.close();
    nvml = new SimulatedNvml(new ProfileLoader().load("dgx-h100"), "node-a");
    for (GpuInfo gpu : nvml.gpus()) {
      nvml.setMigMode(gpu, true);
    }
    for (GpuInfo gpu : nvml.gpus()) {
      MigProfile half =
          nvml.migProfiles(gpu).stream()
              .filter(p -> p.name().equals("3g.40gb"))
              .findFirst()
              .orElseThrow();
      nvml.createMigDevice(gpu, half, half.placements().getFirst());
      nvml.createMigDevice(gpu, half, half.placements().getLast());
    }

    try (DevicePluginServers servers =
        plugin("dgx-h100", Map.of("MIG_STRATEGY", "single", "DEVICE_LIST_STRATEGY", "cdi-cri"))) {
      assertThat(kubelet.registrations())
          .singleElement()
          .satisfies(r -> assertThat(r.getResourceName()).isEqualTo("nvidia.com/gpu"));
      String mig = nvml.migDevices(nvml.gpus().get(3)).getLast().uuid();
      assertThat(allocate("nvidia.com/gpu", mig).getCdiDevices(0).getName())
          .isEqualTo("k8s.device-plugin.nvidia.com/gpu=" + mig);
      String spec =
          java.nio.file.Files.readString(dir.resolve("cdi/k8s.device-plugin.nvidia.com-gpu.json"));
      assertThat(spec).contains("\"name\":\"" + mig + "\"", "/dev/nvidia-caps/nvidia-cap");
    }
  }
}
