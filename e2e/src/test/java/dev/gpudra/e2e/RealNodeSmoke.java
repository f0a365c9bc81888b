package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.kit.served.SliceField;
import dev.gpudra.kit.served.SliceFieldProbe;
import dev.gpudra.realcluster.node.ChartPlugin;
import dev.gpudra.realcluster.node.RealNode;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.resource.v1.AllocatedDeviceStatus;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The smoke checks of the Kubernetes version matrix, on one real node with our chart installed (the
 * {@code dgx-a100-mig} profile): the plugin registers and publishes its GPUs, a claim's pod runs
 * with its device, the extended resource {@code nvidia.com/gpu} is served through DRA, the claim's
 * {@code status.devices} shows the GPU (ClaimDeviceStatus), and deleting the pod unprepares the
 * claim. {@link RealNodeE2E} runs them on the current release with its other checks; {@link
 * RealNodeOldestReleaseE2E} on the oldest release with {@code resource.k8s.io/v1}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RealNodeSmoke {
  static final List<String> CONTROL =
      List.of("nvidiactl", "nvidia-uvm", "nvidia-uvm-tools", "nvidia-modeset");
  static final String LIST_DEV = "ls /dev; ls /dev/nvidia-caps 2>/dev/null; echo listed;";
  private static final ObjectMapper JSON = new ObjectMapper();

  RealNodeFixture fixture;
  RealNode node;
  ChartPlugin plugin;
  NodePods pods;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException, IOException {
    fixture = startFixture(dir);
    node = fixture.node();
    plugin = fixture.plugin();
    pods = fixture.pods();
  }

  @AfterEach
  void deletePods() {
    if (pods != null) {
      pods.deleteAll();
    }
  }

  @AfterAll
  void stop() {
    if (fixture != null) {
      fixture.close();
    }
  }

  /** Starts the suite's node and control plane, with the chart installed. */
  abstract RealNodeFixture startFixture(Path dir) throws InterruptedException, IOException;

  @Test
  @DisplayName(
      "the plugin registers with the kubelet and publishes the six whole GPUs (gpu-0 and gpu-1 are in MIG mode)")
  void registers() {
    List<String> gpus =
        publishedDevices().stream()
            .map(Device::getName)
            .filter(n -> n.matches("gpu-[0-9]+"))
            .sorted()
            .toList();

    assertThat(gpus).containsExactly("gpu-2", "gpu-3", "gpu-4", "gpu-5", "gpu-6", "gpu-7");
  }

  /** The devices the GPU plugin's slices publish for the node. */
  List<Device> publishedDevices() {
    return fixture.controlPlane().client().resources(ResourceSlice.class).list().getItems().stream()
        .filter(s -> RealNodeFixture.NODE.equals(s.getSpec().getNodeName()))
        .filter(s -> "gpu.nvidia.com".equals(s.getSpec().getDriver()))
        .flatMap(s -> s.getSpec().getDevices().stream())
        .toList();
  }

  @Test
  @DisplayName(
      "kubectl logs and exec go through the API server to the kubelet at the node's InternalIP,"
          + " as NVIDIA's tests read container output")
  void logsAndExecThroughTheApiServer() throws Exception {
    Pod pod =
        pods.runUntilLogged(
            pods.pod("api-io", "echo hello-from-pod; sleep 600", null, null), "hello-from-pod");
    var resource =
        fixture
            .controlPlane()
            .client()
            .pods()
            .inNamespace(pod.getMetadata().getNamespace())
            .withName(pod.getMetadata().getName());

    assertThat(resource.getLog()).contains("hello-from-pod");
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    try (var exec = resource.writingOutput(out).exec("sh", "-c", "echo exec-$((6 * 7))")) {
      assertThat(exec.exitCode().get(60, java.util.concurrent.TimeUnit.SECONDS)).isZero();
    }
    assertThat(out.toString(java.nio.charset.StandardCharsets.UTF_8)).contains("exec-42");
  }

  @Test
  @DisplayName("a one-GPU claim: the container sees that GPU's device node and the control nodes")
  void oneGpu() {
    pods.template("one-gpu", NodePods.oneDevice("gpu.nvidia.com", null));

    Pod pod =
        pods.runUntilLogged(
            pods.pod("one-gpu", LIST_DEV + " sleep 600", "one-gpu", null), "listed");

    assertThat(nvidiaNodes(pod))
        .containsExactlyInAnyOrderElementsOf(expected(pods.allocatedDevice(pod)));
  }

  @Test
  @DisplayName(
      "nvidia.com/gpu: 1 through DRA (extendedResourceName): the container gets one GPU, as NVIDIA's"
          + " device plugin would give it")
  void extendedResource() {
    Pod pod =
        new io.fabric8.kubernetes.api.model.PodBuilder(
                pods.pod("extended", LIST_DEV + " sleep 600", null, null))
            .editSpec()
            .editFirstContainer()
            .withNewResources()
            .addToLimits("nvidia.com/gpu", new io.fabric8.kubernetes.api.model.Quantity("1"))
            .endResources()
            .endContainer()
            .endSpec()
            .build();

    pod = pods.runUntilLogged(pod, "listed");

    var status = pod.getStatus().getExtendedResourceClaimStatus();
    assertThat(status).as("the scheduler's claim for the extended resource").isNotNull();
    String device = pods.allocatedDevice(status.getResourceClaimName());
    assertThat(nvidiaNodes(pod)).containsExactlyInAnyOrderElementsOf(expected(device));
  }

  @Test
  @DisplayName("deleting the pod makes the kubelet unprepare its claim: the claim's CDI spec goes")
  void unprepareOnDelete() throws IOException {
    pods.template("unprepare", NodePods.oneDevice("gpu.nvidia.com", null));
    Pod pod =
        pods.runUntilLogged(pods.pod("unprepare", "echo up; sleep 600", "unprepare", null), "up");
    String claimUid = pods.claimOf(pod).getMetadata().getUid();
    assertThat(fixture.cdiSpecs()).anyMatch(f -> f.contains(claimUid));

    pods.delete(pod);

    fixture.awaitNoSpecFor(claimUid);
    assertThat(plugin.text())
        .containsPattern("unprepare succeeded for claim .*\\(" + claimUid + "\\)");
  }

  @Test
  @DisplayName(
      "the API server keeps every ResourceSlice field the plugin publishes (taints, counters,"
          + " consumable capacity): the GPU plugin's start-up probe says so")
  void keepsEverySliceField() {
    assertThat(
            new SliceFieldProbe(fixture.controlPlane().client(), "gpu.nvidia.com", "probe-node")
                .served())
        .contains(
            SliceField.DEVICE_TAINTS, SliceField.SHARED_COUNTERS, SliceField.CONSUMABLE_CAPACITY);
  }

  @Test
  @DisplayName(
      "ClaimDeviceStatus: the claim of a running pod shows its GPU's UUID and Ready=True in"
          + " status.devices, written by the plugin through the API server's status checks")
  void claimDeviceStatus() {
    pods.template("status", NodePods.oneDevice("gpu.nvidia.com", null));
    Pod pod = pods.runUntilLogged(pods.pod("status", "echo up; sleep 600", "status", null), "up");
    String device = pods.allocatedDevice(pod);
    String uuid =
        publishedDevices().stream()
            .filter(d -> d.getName().equals(device))
            .findFirst()
            .orElseThrow()
            .getAttributes()
            .get("uuid")
            .getString();

    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(() -> {
          AllocatedDeviceStatus entry =
              Optional.ofNullable(pods.claimOf(pod).getStatus().getDevices())
                  .orElse(List.of())
                  .stream()
                  .filter(d -> "gpu.nvidia.com".equals(d.getDriver()))
                  .findFirst()
                  .orElseThrow(() -> new AssertionError("no status.devices entry yet"));
          assertThat(entry.getDevice()).isEqualTo(device);
          assertThat(JSON.valueToTree(entry.getData()).at("/attributes/uuid/string").asText())
              .isEqualTo(uuid);
          assertThat(entry.getConditions())
              .singleElement()
              .satisfies(c -> {
                assertThat(c.getType()).isEqualTo("Ready");
                assertThat(c.getStatus()).isEqualTo("True");
              });
        });
  }

  /**
   * The GPU node of a whole GPU gpu-K (simulated minors follow the index) and the control nodes.
   */
  static List<String> expected(String device) {
    assertThat(device).matches("gpu-[0-9]+");
    return Stream.concat(Stream.of("nvidia" + device.substring(4)), CONTROL.stream()).toList();
  }

  /**
   * The {@code nvidia*} entries of the container's {@code /dev} (the {@code nvidia-caps} directory
   * included, the capabilities in it not).
   */
  List<String> nvidiaNodes(Pod pod) {
    List<String> log = pods.log(pod);
    return log.subList(0, log.indexOf("listed")).stream()
        .filter(f -> f.startsWith("nvidia") && !f.matches("nvidia-cap[0-9]+"))
        .toList();
  }
}
