package dev.gpudra.localcluster.devicemanager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.allocator.Allocator;
import dev.gpudra.allocator.cel.DeviceSelectorEnv;
import dev.gpudra.allocator.cel.SelectorEnvOptions;
import dev.gpudra.allocator.matching.CelSelectorEvaluator;
import dev.gpudra.localcluster.api.LocalApiServer;
import dev.gpudra.localcluster.kubelet.KubeletStandIn;
import dev.gpudra.localcluster.kubelet.PodRuntime;
import dev.gpudra.localcluster.kubelet.PodSync;
import dev.gpudra.localcluster.kubelet.StandInConfig;
import dev.gpudra.localcluster.scheduler.PodPlacement;
import dev.gpudra.localcluster.scheduler.SchedulerStandIn;
import dev.gpudra.testsupport.devicemanager.ContainerAllocation;
import dev.gpudra.testsupport.devicemanager.DeviceManagerStandIn;
import dev.gpudra.testsupport.deviceplugin.ExampleDevicePlugin;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
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
 * The device-manager stand-in on a local-cluster node: against a device plugin over real Unix
 * sockets, its counts written into the Node by {@link NodeResources}, with the kubelet stand-in's
 * pod sync through {@link DevicePluginRuntime} and the scheduler stand-in on the local API server.
 */
class NodeDeviceManagerIT {
  private static final String NODE = "node-a";
  private static final String SOCKET = "example-gpu.sock";
  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final List<String> GPUS = List.of("gpu-0", "gpu-1", "gpu-2", "gpu-3");

  @TempDir Path dir;
  private LocalApiServer api;
  private KubernetesClient client;
  private KubeletStandIn kubelet;
  private DeviceManagerStandIn devices;
  private PodSync pods;
  private SchedulerStandIn scheduler;

  @BeforeEach
  void start() throws Exception {
    api = new LocalApiServer().start();
    client = api.client();
    Files.createDirectories(dir.resolve("plugins_registry"));
    kubelet = new KubeletStandIn(StandInConfig.of(dir.resolve("plugins_registry"), NODE), client);
    kubelet.start();
    devices =
        new DeviceManagerStandIn(dir.resolve("device-plugins"), new NodeResources(client, NODE))
            .start();
    pods =
        new PodSync(
            NODE,
            client,
            kubelet,
            Clock.systemUTC(),
            new DevicePluginRuntime(devices, PodRuntime.NONE));
    pods.start();
    scheduler =
        new SchedulerStandIn(
            client,
            new PodPlacement(
                new Allocator(
                    new CelSelectorEvaluator(
                        new DeviceSelectorEnv(SelectorEnvOptions.defaults())))));
    scheduler.start();
  }

  @AfterEach
  void stop() {
    scheduler.close();
    pods.close();
    devices.close();
    kubelet.close();
    api.close();
  }

  private ExampleDevicePlugin plugin() {
    return new ExampleDevicePlugin(devices.socket(), SOCKET, GPUS, ExampleDevicePlugin.EVERY_CALL)
        .register();
  }

  private Map<String, Quantity> status(boolean allocatable) {
    var status = client.nodes().withName(NODE).get().getStatus();
    return allocatable ? status.getAllocatable() : status.getCapacity();
  }

  private void awaitAllocatable(int count) {
    await()
        .atMost(WAIT)
        .until(() ->
            new Quantity(Integer.toString(count))
                .equals(status(true).get(ExampleDevicePlugin.RESOURCE)));
  }

  private Pod create(String name, int gpus) {
    Pod pod =
        new PodBuilder()
            .withNewMetadata()
            .withNamespace("default")
            .withName(name)
            .endMetadata()
            .withNewSpec()
            .addNewContainer()
            .withName("ctr")
            .withImage("ubuntu")
            .withNewResources()
            .addToLimits(ExampleDevicePlugin.RESOURCE, new Quantity(Integer.toString(gpus)))
            .endResources()
            .endContainer()
            .endSpec()
            .build();
    return client.resource(pod).create();
  }

  private Pod get(String name) {
    return client.pods().inNamespace("default").withName(name).get();
  }

  @Test
  @DisplayName(
      "a registering plugin is dialled; the node's capacity counts every device it lists and its"
          + " allocatable the healthy ones, following health changes on the stream")
  void registrationAndAllocatable() {
    try (ExampleDevicePlugin plugin = plugin()) {
      awaitAllocatable(4);
      assertThat(status(false)).containsEntry(ExampleDevicePlugin.RESOURCE, new Quantity("4"));
      assertThat(status(true)).containsKeys("cpu", "pods");

      plugin.setHealth("gpu-1", "Unhealthy");

      awaitAllocatable(3);
      assertThat(status(false)).containsEntry(ExampleDevicePlugin.RESOURCE, new Quantity("4"));
      assertThat(devices.healthy(ExampleDevicePlugin.RESOURCE))
          .containsExactly("gpu-0", "gpu-2", "gpu-3");
    }
  }

  @Test
  @DisplayName(
      "a pod asking for the resource is scheduled within allocatable, gets the plugin's preferred"
          + " devices through Allocate over its socket (env and CDI devices), PreStartContainer for"
          + " them before it starts, and frees them when deleted; a pod asking for more than is"
          + " left is unschedulable")
  void allocateForAPod() {
    try (ExampleDevicePlugin plugin = plugin()) {
      awaitAllocatable(4);
      create("trainer", 2);
      await()
          .atMost(WAIT)
          .ignoreExceptions()
          .until(() -> "Running".equals(get("trainer").getStatus().getPhase()));

      Pod trainer = get("trainer");
      assertThat(trainer.getSpec().getNodeName()).isEqualTo(NODE);
      ContainerAllocation ctr =
          devices.allocation(trainer.getMetadata().getUid()).orElseThrow().get("ctr");
      assertThat(ctr.deviceIds())
          .containsEntry(ExampleDevicePlugin.RESOURCE, List.of("gpu-2", "gpu-3"));
      assertThat(ctr.envs()).containsEntry("EXAMPLE_VISIBLE_DEVICES", "gpu-2,gpu-3");
      assertThat(ctr.cdiDevices())
          .containsExactly("example.com/gpu=gpu-2", "example.com/gpu=gpu-3");
      assertThat(plugin.allocations()).hasSize(1);
      assertThat(plugin.preStarts())
          .singleElement()
          .satisfies(p -> assertThat(p.getDevicesIdsList()).containsExactly("gpu-2", "gpu-3"));

      create("too-big", 3);
      await().atMost(WAIT).until(() -> scheduler.unschedulable("default", "too-big").isPresent());
      assertThat(scheduler.unschedulable("default", "too-big").orElseThrow().summary())
          .contains("Insufficient " + ExampleDevicePlugin.RESOURCE);

      client.pods().inNamespace("default").withName("trainer").delete();
      await().atMost(WAIT).until(() -> devices.held(ExampleDevicePlugin.RESOURCE).isEmpty());
      assertThat(devices.allocation(trainer.getMetadata().getUid())).isEmpty();
    }
  }

  @Test
  @DisplayName(
      "a plugin that stops leaves its devices unhealthy (allocatable 0, capacity kept); started"
          + " again, it registers again and its devices are allocatable once more")
  void pluginRestart() {
    ExampleDevicePlugin first = plugin();
    awaitAllocatable(4);
    first.close();

    awaitAllocatable(0);
    assertThat(status(false)).containsEntry(ExampleDevicePlugin.RESOURCE, new Quantity("4"));

    try (ExampleDevicePlugin second = plugin()) {
      awaitAllocatable(4);
      create("after-restart", 1);
      await()
          .atMost(WAIT)
          .ignoreExceptions()
          .until(() -> "Running".equals(get("after-restart").getStatus().getPhase()));
      assertThat(second.allocations()).hasSize(1);
    }
  }
}
