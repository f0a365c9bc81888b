package dev.gpudra.localcluster.kubelet;

import static dev.gpudra.localcluster.kubelet.LocalNode.DRIVER;
import static dev.gpudra.localcluster.kubelet.LocalNode.NODE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.kit.registration.DraService;
import dev.gpudra.kit.registration.RegistrationOutcome;
import dev.gpudra.kit.slices.model.SliceTarget;
import dev.gpudra.localcluster.api.LocalApiServer;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceBuilder;
import io.grpc.ManagedChannel;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PluginLifecycleIT {
  @TempDir Path dir;
  private LocalNode node;

  @AfterEach
  void close() {
    if (node != null) {
      node.close();
    }
  }

  @Test
  @DisplayName(
      "sockets are 0600 while serving and removed on close; the kubelet then forgets the plugin")
  void socketsAndDeregistration() throws Exception {
    node = new LocalNode(dir).start(EnumSet.allOf(DraService.class));

    for (Path socket : List.of(node.paths.registrationSocket(), node.paths.draSocket())) {
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(socket)))
          .isEqualTo("rw-------");
    }
    assertThat(node.plugin.registration().outcome().registered()).isTrue();

    node.plugin.close();

    assertThat(node.paths.registrationSocket()).doesNotExist();
    assertThat(node.paths.draSocket()).doesNotExist();
    await().atMost(Duration.ofSeconds(5)).until(() -> !node.kubelet.isRegistered(DRIVER));
  }

  @Test
  @DisplayName(
      "a starting kubelet creates its registrar directory, as the kubelet's plugin watcher does")
  void createsRegistrarDirectory() {
    Path registrar = dir.resolve("var/lib/kubelet/plugins_registry");
    try (LocalApiServer api = new LocalApiServer().start();
        KubeletStandIn kubelet =
            new KubeletStandIn(StandInConfig.of(registrar, "node-fresh"), api.client())) {
      kubelet.start();

      assertThat(registrar).isDirectory();
    }
  }

  @Test
  @DisplayName("the health service answers SERVING once the plugin is registered")
  void healthServing() throws Exception {
    node = new LocalNode(dir).start(EnumSet.allOf(DraService.class));
    ManagedChannel channel =
        NettyChannelBuilder.forAddress("127.0.0.1", node.plugin.healthPort())
            .usePlaintext()
            .build();
    try {
      var status =
          HealthGrpc.newBlockingStub(channel)
              .check(HealthCheckRequest.newBuilder().setService("liveness").build())
              .getStatus();
      assertThat(status).isEqualTo(ServingStatus.SERVING);
    } finally {
      channel.shutdownNow();
    }
  }

  @Test
  @DisplayName(
      "a kubelet that supports none of the plugin's services rejects it, and the plugin records why")
  void rejectedRegistration() {
    node = new LocalNode(dir);
    node.plugin.start();
    node.startKubelet(EnumSet.noneOf(DraService.class));

    await()
        .atMost(Duration.ofSeconds(5))
        .until(() ->
            node.plugin.registration().outcome().state() == RegistrationOutcome.State.REJECTED);
    assertThat(node.plugin.registration().outcome().error()).contains("none of services supported");
    assertThat(node.kubelet.isRegistered(DRIVER)).isFalse();
  }

  @Test
  @DisplayName("a restarting kubelet wipes the node's slices and the plugin publishes them again")
  void slicesSurviveKubeletRestart() throws Exception {
    node = new LocalNode(dir);
    ResourceSlice otherNode =
        new ResourceSliceBuilder()
            .withNewMetadata()
            .withName("node-b-slice")
            .endMetadata()
            .withNewSpec()
            .withDriver(DRIVER)
            .withNodeName("node-b")
            .withNewPool()
            .withName("node-b")
            .withGeneration(1L)
            .withResourceSliceCount(1L)
            .endPool()
            .endSpec()
            .build();
    node.client.resource(otherNode).create();
    node.start(EnumSet.allOf(DraService.class));
    SliceTarget ours = new SliceTarget(NODE, DRIVER);
    node.plugin.publishResources(
        IntStream.range(0, 200)
            .mapToObj(i -> new DeviceBuilder().withName("gpu-" + i).build())
            .toList());
    await().atMost(Duration.ofSeconds(10)).until(() -> slices(ours) == 2);

    node.startKubelet(EnumSet.allOf(DraService.class)); // wipes node-a's slices

    await().atMost(Duration.ofSeconds(10)).until(() -> slices(ours) == 2);
    assertThat(node.client.resources(ResourceSlice.class).withName("node-b-slice").get())
        .isNotNull();
    assertThat(node.driver.backgroundErrors).isEmpty();
  }

  private long slices(SliceTarget target) {
    return node.client.dynamicResourceAllocation().v1().resourcesSlices().list().getItems().stream()
        .filter(target::ownsPool)
        .count();
  }
}
