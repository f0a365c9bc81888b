package dev.gpudra.testsupport.devicemanager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gpudra.kit.proto.deviceplugin.v1beta1.DevicePluginOptions;
import dev.gpudra.testsupport.deviceplugin.ExampleDevicePlugin;
import io.fabric8.kubernetes.api.model.Pod;
import io.grpc.Status;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The device-manager stand-in against a device plugin, both over real Unix sockets. */
class DeviceManagerStandInIT {
  private static final String GPU = ExampleDevicePlugin.RESOURCE;
  private static final List<String> GPUS = List.of("gpu-0", "gpu-1", "gpu-2", "gpu-3");
  private static final Duration WAIT = Duration.ofSeconds(10);

  record Counts(String resource, int capacity, int allocatable) {}

  @TempDir Path dir;
  private final List<Counts> counts = new CopyOnWriteArrayList<>();
  private DeviceManagerStandIn kubelet;

  @BeforeEach
  void start() {
    kubelet = new DeviceManagerStandIn(dir, (r, c, a) -> counts.add(new Counts(r, c, a))).start();
  }

  @AfterEach
  void stop() {
    kubelet.close();
  }

  private ExampleDevicePlugin plugin(DevicePluginOptions options) {
    return new ExampleDevicePlugin(kubelet.socket(), "example.sock", GPUS, options).register();
  }

  /** Until the listener's last counts and the current connection's devices are these. */
  private void awaitCounts(int capacity, int allocatable) {
    await()
        .atMost(WAIT)
        .until(() ->
            !counts.isEmpty()
                && counts.getLast().equals(new Counts(GPU, capacity, allocatable))
                && kubelet.registered(GPU).all().size() == capacity
                && kubelet.healthy(GPU).size() == allocatable);
  }

  @Test
  @DisplayName(
      "a Register is answered once the plugin was dialled for its options and ListAndWatch; its"
          + " lists are kept in order, and the counts follow every health change on the stream")
  void registration() {
    try (ExampleDevicePlugin plugin = plugin(ExampleDevicePlugin.EVERY_CALL)) {
      assertThat(kubelet.registrations())
          .singleElement()
          .satisfies(r -> assertThat(r.getEndpoint()).isEqualTo("example.sock"));
      PluginEndpoint endpoint = kubelet.registered(GPU);
      assertThat(endpoint.options()).isEqualTo(ExampleDevicePlugin.EVERY_CALL);
      awaitCounts(4, 4);
      assertThat(endpoint.firstListNanos().orElseThrow())
          .isGreaterThanOrEqualTo(endpoint.registeredNanos());

      plugin.setHealth("gpu-1", "Unhealthy");

      awaitCounts(4, 3);
      assertThat(kubelet.lists(GPU)).hasSize(2).last().isEqualTo(plugin.list());
      assertThat(kubelet.healthy(GPU)).containsExactly("gpu-0", "gpu-2", "gpu-3");
      assertThat(kubelet.serves(GPU)).isTrue();
    }
  }

  @Test
  @DisplayName(
      "a pod's containers get free healthy devices, the plugin's preferred ones, through one"
          + " Allocate per container; PreStartContainer gets each container's devices; a pod"
          + " asking for more than is free is refused and holds nothing; release frees")
  void allocation() {
    try (ExampleDevicePlugin plugin = plugin(ExampleDevicePlugin.EVERY_CALL)) {
      awaitCounts(4, 4);
      Pod pod = Pods.asking("uid-a", Map.of("first", 2, "second", 1));

      Map<String, ContainerAllocation> got = kubelet.allocate(pod);
      kubelet.preStart("uid-a");

      assertThat(got.get("first").deviceIds()).containsEntry(GPU, List.of("gpu-2", "gpu-3"));
      assertThat(got.get("first").envs()).containsEntry("EXAMPLE_VISIBLE_DEVICES", "gpu-2,gpu-3");
      assertThat(got.get("first").cdiDevices())
          .containsExactly("example.com/gpu=gpu-2", "example.com/gpu=gpu-3");
      assertThat(got.get("second").deviceIds()).containsEntry(GPU, List.of("gpu-1"));
      assertThat(plugin.allocations())
          .extracting(r ->
              r.getContainerRequestsList().stream()
                  .map(c -> List.copyOf(c.getDevicesIdsList()))
                  .toList())
          .containsExactly(List.of(List.of("gpu-2", "gpu-3")), List.of(List.of("gpu-1")));
      assertThat(plugin.preStarts())
          .extracting(r -> List.copyOf(r.getDevicesIdsList()))
          .containsExactly(List.of("gpu-2", "gpu-3"), List.of("gpu-1"));

      assertThatThrownBy(() -> kubelet.allocate(Pods.asking("uid-b", Map.of("ctr", 2))))
          .isInstanceOf(AllocationException.class)
          .hasMessage("Insufficient example.com/gpu: requested 2, 1 free healthy devices");
      assertThat(kubelet.allocation("uid-b")).isEmpty();
      assertThat(kubelet.held(GPU)).containsExactlyInAnyOrder("gpu-1", "gpu-2", "gpu-3");

      kubelet.release("uid-a");
      assertThat(kubelet.held(GPU)).isEmpty();
      assertThat(kubelet.allocation("uid-a")).isEmpty();
    }
  }

  @Test
  @DisplayName(
      "the optional calls are made as the plugin's options say: no GetPreferredAllocation or"
          + " PreStartContainer without them; with them, GetPreferredAllocation over every free"
          + " device, with the count asked and nothing the container must include")
  void optionalCalls() {
    try (ExampleDevicePlugin plugin = plugin(DevicePluginOptions.getDefaultInstance())) {
      awaitCounts(4, 4);
      kubelet.allocate(Pods.asking("uid-a", Map.of("ctr", 2)));
      kubelet.preStart("uid-a");

      assertThat(kubelet.allocation("uid-a").orElseThrow().get("ctr").deviceIds())
          .containsEntry(GPU, List.of("gpu-0", "gpu-1"));
      assertThat(plugin.preferences()).isEmpty();
      assertThat(plugin.preStarts()).isEmpty();
    }
    try (ExampleDevicePlugin plugin = plugin(ExampleDevicePlugin.EVERY_CALL)) {
      awaitCounts(4, 4);
      kubelet.allocate(Pods.asking("uid-b", Map.of("ctr", 2)));
      assertThat(plugin.preferences())
          .singleElement()
          .satisfies(p -> {
            assertThat(p.getContainerRequestsList()).hasSize(1);
            var asked = p.getContainerRequests(0);
            assertThat(asked.getAvailableDeviceIDsList()).containsExactly("gpu-2", "gpu-3");
            assertThat(asked.getMustIncludeDeviceIDsList()).isEmpty();
            assertThat(asked.getAllocationSize()).isEqualTo(2);
          });
    }
  }

  @Test
  @DisplayName(
      "a plugin that stops leaves its devices unhealthy (capacity kept, allocatable 0) with no"
          + " stream error; registered again, the new connection replaces the old one")
  void pluginRestart() {
    ExampleDevicePlugin first = plugin(ExampleDevicePlugin.EVERY_CALL);
    awaitCounts(4, 4);
    PluginEndpoint old = kubelet.registered(GPU);

    first.close();

    awaitCounts(4, 0);
    assertThat(old.connected()).isFalse();
    assertThat(kubelet.healthy(GPU)).isEmpty();
    assertThatThrownBy(() -> kubelet.allocate(Pods.asking("uid-a", Map.of("ctr", 1))))
        .isInstanceOf(AllocationException.class)
        .hasMessageStartingWith("Insufficient example.com/gpu");

    try (ExampleDevicePlugin second = plugin(ExampleDevicePlugin.EVERY_CALL)) {
      awaitCounts(4, 4);
      assertThat(kubelet.registered(GPU)).isNotSameAs(old);
      assertThat(kubelet.registrations()).hasSize(2);
      kubelet.allocate(Pods.asking("uid-a", Map.of("ctr", 1)));
      assertThat(second.allocations()).hasSize(1);
    }
    assertThat(kubelet.streamErrors()).isEmpty();
  }

  @Test
  @DisplayName(
      "a failed Allocate fails the pod's admission naming the resource and devices, and the pod"
          + " holds nothing; a failed PreStartContainer fails the start")
  void failedCalls() {
    try (ExampleDevicePlugin plugin = plugin(ExampleDevicePlugin.EVERY_CALL)) {
      awaitCounts(4, 4);
      plugin.failCalls(Status.INTERNAL.withDescription("no"));

      assertThatThrownBy(() -> kubelet.allocate(Pods.asking("uid-a", Map.of("ctr", 2))))
          .isInstanceOf(AllocationException.class)
          .hasMessage("Allocate of example.com/gpu [gpu-2, gpu-3] failed")
          .hasRootCauseMessage("INTERNAL: no");
      assertThat(kubelet.held(GPU)).isEmpty();
      assertThat(kubelet.allocation("uid-a")).isEmpty();

      plugin.failCalls(Status.OK);
      kubelet.allocate(Pods.asking("uid-b", Map.of("ctr", 1)));
      plugin.failCalls(Status.UNAVAILABLE.withDescription("not now"));
      assertThatThrownBy(() -> kubelet.preStart("uid-b"))
          .isInstanceOf(AllocationException.class)
          .hasMessage("PreStartContainer of example.com/gpu [gpu-3] failed");
    }
  }
}
