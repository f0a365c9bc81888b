package dev.gpudra.deviceplugin.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.deviceplugin.config.ConfigLoader;
import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import dev.gpudra.deviceplugin.node.PluginNode;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerAllocateRequest;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import dev.gpudra.testsupport.devicemanager.DeviceManagerStandIn;
import io.grpc.ManagedChannel;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin's own socket removed under it (issue 36): bound again within seconds, registered
 * again, served again; the health endpoint NOT_SERVING while it is missing.
 */
class SocketSelfHealingIT {
  @TempDir Path dir;

  private UnixSocketTransport transport;
  private DeviceManagerStandIn kubelet;
  private SimulatedNvml nvml;
  private DevicePluginServers servers;
  private ServingSockets sockets;
  private HealthEndpoint health;
  private ManagedChannel healthChannel;

  @BeforeEach
  void start() {
    transport = new UnixSocketTransport(2);
    kubelet = new DeviceManagerStandIn(dir).start();
    nvml = new SimulatedNvml(new ProfileLoader().load("dgx-h100"), "node-a");
    DevicePluginConfig config = new ConfigLoader().parse("", "config.yaml", Map.of(), Map.of());
    PluginNode node =
        PluginNode.open(
            config,
            nvml,
            new PluginNode.Setup(
                true, dir.resolve("cdi"), dir.resolve("sys"), dir.resolve("proc")));
    servers =
        DevicePluginServers.start(
            config,
            node.resources(),
            node.devices(),
            new KubeletSockets(kubelet.socket(), transport, transport));
    sockets = new ServingSockets();
    sockets.track(servers::serving);
    health = HealthEndpoint.start(0, sockets);
    healthChannel =
        NettyChannelBuilder.forAddress("localhost", health.port()).usePlaintext().build();
  }

  @AfterEach
  void stop() {
    healthChannel.shutdownNow();
    health.close();
    servers.close();
    kubelet.close();
    nvml.close();
    transport.close();
  }

  private Path socket() {
    return dir.resolve("nvidia-gpu.sock");
  }

  private ServingStatus health(String service) {
    return HealthGrpc.newBlockingStub(healthChannel)
        .check(HealthCheckRequest.newBuilder().setService(service).build())
        .getStatus();
  }

  private int allocatedGpus() {
    String uuid = nvml.gpus().get(2).uuid();
    return kubelet
        .registered("nvidia.com/gpu")
        .allocate(
            AllocateRequest.newBuilder()
                .addContainerRequests(ContainerAllocateRequest.newBuilder().addDevicesIds(uuid))
                .build())
        .getContainerResponses(0)
        .getEnvsMap()
        .get("NVIDIA_VISIBLE_DEVICES")
        .split(",")
        .length;
  }

  @Test
  @DisplayName(
      "the socket deleted: bound again within 3 s, registered a second time; the kubelet's new"
          + " ListAndWatch lists every GPU and Allocate answers over the new socket")
  void deleted() throws Exception {
    assertThat(kubelet.registrations()).hasSize(1);
    assertThat(health("liveness")).isEqualTo(ServingStatus.SERVING);

    Files.delete(socket());

    await()
        .atMost(Duration.ofSeconds(3))
        .untilAsserted(() -> assertThat(kubelet.registrations()).hasSize(2));
    assertThat(socket()).exists();
    assertThat(kubelet.registrations().get(1).getEndpoint()).isEqualTo("nvidia-gpu.sock");
    await()
        .atMost(Duration.ofSeconds(3))
        .untilAsserted(() ->
            assertThat(kubelet.lists("nvidia.com/gpu"))
                .singleElement()
                .satisfies(l -> assertThat(l.getDevicesCount()).isEqualTo(nvml.gpus().size())));
    assertThat(allocatedGpus()).isOne();
    assertThat(health("liveness")).isEqualTo(ServingStatus.SERVING);
    assertThat(servers.serving()).isTrue();
    Thread.sleep(DevicePluginServers.SOCKET_CHECK.multipliedBy(2).toMillis());
    assertThat(kubelet.registrations()).as("registered once per removal, not per look").hasSize(2);
  }

  @Test
  @DisplayName(
      "while the socket's path cannot be bound (a directory there), health is NOT_SERVING and the"
          + " kubelet is not told of a socket that is not there; once it can, SERVING and"
          + " registered again")
  void unbindable() throws Exception {
    Files.delete(socket());
    Files.createDirectory(socket());

    assertThat(health("")).isEqualTo(ServingStatus.NOT_SERVING);
    assertThat(health("liveness")).isEqualTo(ServingStatus.NOT_SERVING);
    assertThat(health("readiness")).isEqualTo(ServingStatus.NOT_SERVING);
    Thread.sleep(DevicePluginServers.SOCKET_CHECK.multipliedBy(2).toMillis());
    assertThat(health("liveness")).isEqualTo(ServingStatus.NOT_SERVING);
    assertThat(kubelet.registrations()).hasSize(1);

    Files.delete(socket());

    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() -> assertThat(health("liveness")).isEqualTo(ServingStatus.SERVING));
    assertThat(Files.isDirectory(socket(), LinkOption.NOFOLLOW_LINKS)).isFalse();
    await()
        .atMost(Duration.ofSeconds(3))
        .untilAsserted(() -> assertThat(kubelet.registrations()).hasSize(2));
    assertThat(allocatedGpus()).isOne();
  }
}
