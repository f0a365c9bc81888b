package dev.gpudra.deviceplugin.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gpudra.deviceplugin.config.ConfigLoader;
import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import dev.gpudra.deviceplugin.devices.MigLayoutException;
import dev.gpudra.deviceplugin.mps.MpsControlDaemons;
import dev.gpudra.deviceplugin.mps.MpsNotReadyException;
import dev.gpudra.deviceplugin.mps.MpsReadiness;
import dev.gpudra.deviceplugin.mps.MpsRoot;
import dev.gpudra.deviceplugin.mps.MpsStartException;
import dev.gpudra.deviceplugin.mps.ReadyFile;
import dev.gpudra.deviceplugin.mps.ResourceDaemon;
import dev.gpudra.deviceplugin.node.PluginNode;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerAllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerAllocateResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.Mount;
import dev.gpudra.nvml.ComputeMode;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigProfile;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import dev.gpudra.testsupport.devicemanager.DeviceManagerStandIn;
import dev.gpudra.testsupport.driver.MpsControlStandIn;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MPS sharing end to end on one node: the daemon side starts a control daemon per shared resource
 * (the driver root's {@code nvidia-cuda-mps-control}, our stand-in script, run as a real process),
 * the plugin waits for it, then serves replicas whose containers get the daemon's pipe and the shm.
 */
class MpsSharingIT {
  private static final String GPU = "nvidia.com/gpu";

  @TempDir Path dir;
  private Path driverRoot;
  private MpsRoot root;
  private UnixSocketTransport transport;
  private DeviceManagerStandIn kubelet;
  private SimulatedNvml nvml;

  @BeforeEach
  void start() throws IOException {
    driverRoot = dir.resolve("driver");
    MpsControlStandIn.install(driverRoot);
    root = new MpsRoot(Files.createDirectories(dir.resolve("mps")));
    transport = new UnixSocketTransport(2);
    kubelet = new DeviceManagerStandIn(Files.createDirectories(dir.resolve("kubelet"))).start();
    nvml = new SimulatedNvml(new ProfileLoader().load("dgx-h100"), "node-a");
  }

  @AfterEach
  void stop() {
    kubelet.close();
    nvml.close();
    transport.close();
  }

  private DevicePluginConfig config(int replicas) {
    String yaml =
        """
        flags:
          mpsRoot: %s
          nvidiaDriverRoot: %s
        sharing:
          mps:
            resources:
            - name: nvidia.com/gpu
              replicas: %d
        """
            .formatted(root.path(), driverRoot, replicas);
    return new ConfigLoader().parse(yaml, "config.yaml", Map.of(), Map.of());
  }

  private List<ResourceDaemon> daemons(DevicePluginConfig config) {
    return ResourceDaemon.of(PluginNode.resources(config, nvml));
  }

  private MpsControlDaemons startDaemons(DevicePluginConfig config) {
    return MpsControlDaemons.start(
        root, nvml::setComputeMode, driverRoot, config.sharing().mps(), daemons(config));
  }

  private MpsReadiness readiness() {
    return new MpsReadiness(root, driverRoot, Clock.systemUTC());
  }

  private ContainerAllocateResponse allocate(String... ids) {
    return kubelet
        .registered(GPU)
        .allocate(
            AllocateRequest.newBuilder()
                .addContainerRequests(
                    ContainerAllocateRequest.newBuilder().addAllDevicesIds(List.of(ids)))
                .build())
        .getContainerResponses(0);
  }

  @Test
  @DisplayName(
      "the daemon: every GPU EXCLUSIVE_PROCESS, nvidia-cuda-mps-control -d with a quarter of each"
          + " GPU's memory and threads, .started and .ready; stopped: quit, DEFAULT, no .ready")
  void daemonLifecycle() throws IOException {
    DevicePluginConfig config = config(4);
    GpuInfo gpu0 = nvml.gpus().getFirst();
    long quarterMib = gpu0.memoryBytes() / 4 / (1024 * 1024);
    Path controlLog = root.logDir(GPU).resolve("control.log");

    try (MpsControlDaemons daemons = startDaemons(config)) {
      assertThat(daemons.resources()).containsExactly(GPU);
      assertThat(nvml.gpus()).allMatch(g -> nvml.computeMode(g) == ComputeMode.EXCLUSIVE_PROCESS);
      assertThat(root.startedFile(GPU)).exists();
      assertThat(root.pipeDir(GPU).resolve("control.pid")).isNotEmptyFile();
      assertThat(Files.readAllLines(controlLog))
          .contains(
              "set_default_active_thread_percentage 25",
              "set_default_device_pinned_mem_limit " + gpu0.uuid() + " " + quarterMib + "M");
      assertThat(new ReadyFile(root).mismatch(config.sharing().mps())).isEmpty();
      assertThat(readiness().notReady(config.sharing().mps(), daemons(config))).isEmpty();
    }

    assertThat(Files.readAllLines(controlLog)).last().isEqualTo("quit");
    assertThat(nvml.gpus()).allMatch(g -> nvml.computeMode(g) == ComputeMode.DEFAULT);
    assertThat(root.readyFile()).doesNotExist();
    assertThat(root.startedFile(GPU)).doesNotExist();
  }

  @Test
  @DisplayName(
      "the plugin, once the daemon is ready: 4 replicas per GPU, and a container given one gets"
          + " its GPU, CUDA_MPS_PIPE_DIRECTORY and the pipe and shm mounts; two replicas refused")
  void pluginServesMps() throws InterruptedException {
    DevicePluginConfig config = config(4);
    GpuInfo gpu0 = nvml.gpus().getFirst();
    try (MpsControlDaemons daemons = startDaemons(config)) {
      readiness()
          .await(
              config.sharing().mps(),
              daemons(config),
              Duration.ofSeconds(5),
              Duration.ofMillis(100));
      PluginNode node =
          PluginNode.open(
              config,
              nvml,
              new PluginNode.Setup(
                  true, dir.resolve("cdi"), dir.resolve("sys"), dir.resolve("proc")));
      try (DevicePluginServers servers =
          DevicePluginServers.start(
              config,
              node.resources(),
              node.devices(),
              new KubeletSockets(kubelet.socket(), transport, transport))) {
        await().atMost(Duration.ofSeconds(5)).until(() -> !kubelet.lists(GPU).isEmpty());
        assertThat(kubelet.lists(GPU).getFirst().getDevicesCount())
            .isEqualTo(4 * nvml.gpus().size());

        ContainerAllocateResponse one = allocate(gpu0.uuid() + "::1");

        assertThat(one.getEnvsMap())
            .containsEntry("NVIDIA_VISIBLE_DEVICES", gpu0.uuid())
            .containsEntry("CUDA_MPS_PIPE_DIRECTORY", "/mps/nvidia.com/gpu/pipe");
        assertThat(one.getMountsList())
            .extracting(Mount::getContainerPath, Mount::getHostPath)
            .containsExactly(
                org.assertj.core.groups.Tuple.tuple(
                    "/mps/nvidia.com/gpu/pipe", root.pipeDir(GPU).toString()),
                org.assertj.core.groups.Tuple.tuple("/dev/shm", root.shmDir().toString()));
        assertThatThrownBy(() -> allocate(gpu0.uuid() + "::0", gpu0.uuid() + "::1"))
            .isInstanceOf(StatusRuntimeException.class)
            .hasMessageContaining("maximum request size for shared resources is 1");
      }
    }
  }

  @Test
  @DisplayName(
      "not ready: no .ready, a .ready of another config, or a daemon that does not answer; the"
          + " wait gives up naming why")
  void notReady() throws InterruptedException {
    DevicePluginConfig four = config(4);
    List<ResourceDaemon> daemons = daemons(four);
    assertThat(readiness().notReady(four.sharing().mps(), daemons))
        .hasValueSatisfying(why -> assertThat(why).contains("no " + root.readyFile() + " yet"));

    try (MpsControlDaemons two = startDaemons(config(2))) {
      assertThat(readiness().notReady(four.sharing().mps(), daemons))
          .hasValueSatisfying(why -> assertThat(why).contains("holds another sharing.mps"));
    }

    new ReadyFile(root).write(four.sharing().mps());
    assertThat(readiness().notReady(four.sharing().mps(), daemons))
        .hasValueSatisfying(why ->
            assertThat(why)
                .contains("nvidia.com/gpu: the daemon does not answer")
                .contains("Cannot find MPS control daemon process"));
    assertThatThrownBy(() ->
            readiness()
                .await(
                    four.sharing().mps(), daemons, Duration.ofMillis(300), Duration.ofMillis(100)))
        .isInstanceOf(MpsNotReadyException.class)
        .hasMessageStartingWith(
            "sharing.mps: the MPS control daemons were not ready within 300 ms: nvidia.com/gpu:");
  }

  @Test
  @DisplayName(
      "a driver root without nvidia-cuda-mps-control: the start fails naming the resource, and the"
          + " GPUs are left as they were")
  void noControlProgram() throws IOException {
    DevicePluginConfig config = config(2);
    Files.delete(driverRoot.resolve("usr/bin/nvidia-cuda-mps-control"));

    assertThatThrownBy(() -> startDaemons(config))
        .isInstanceOf(MpsStartException.class)
        .hasMessageContaining("nvidia.com/gpu: no executable nvidia-cuda-mps-control");
    assertThat(nvml.gpus()).allMatch(g -> nvml.computeMode(g) == ComputeMode.DEFAULT);
    assertThat(root.readyFile()).doesNotExist();
  }

  @Test
  @DisplayName("MPS on MIG devices is refused, as NVIDIA's plugin refuses it")
  void migRefused() {
    for (GpuInfo gpu : nvml.gpus()) {
      nvml.setMigMode(gpu, true);
      MigProfile half =
          nvml.migProfiles(gpu).stream()
              .filter(p -> p.name().equals("3g.40gb"))
              .findFirst()
              .orElseThrow();
      nvml.createMigDevice(gpu, half, half.placements().getFirst());
    }
    String yaml =
        """
        flags: {migStrategy: single, mpsRoot: /run/nvidia/mps}
        sharing: {mps: {resources: [{name: nvidia.com/gpu, replicas: 2}]}}
        """;
    DevicePluginConfig config = new ConfigLoader().parse(yaml, "c.yaml", Map.of(), Map.of());

    assertThatThrownBy(() -> PluginNode.resources(config, nvml))
        .isInstanceOf(MigLayoutException.class)
        .hasMessageContaining("MPS sharing does not work with MIG devices");
  }
}
