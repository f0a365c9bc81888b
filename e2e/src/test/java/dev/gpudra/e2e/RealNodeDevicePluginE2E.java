package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.realcluster.node.ChartDevicePlugin;
import dev.gpudra.realcluster.node.RealNode;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The classic device plugin under the real kubelet's device manager, with real containers: our
 * chart's device-plugin DaemonSet (the DRA plugin off) on the real node, simulated {@code dgx-h100}
 * GPUs over placeholder device nodes. The kubelet dials our sockets, the node's allocatable shows
 * the GPUs, pods asking for {@code nvidia.com/gpu} run with what Allocate gave them (CDI devices
 * that containerd resolves from our spec, or the env), across kubelet and plugin restarts.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ResourceLock(RealNodeFixture.HOST)
class RealNodeDevicePluginE2E {
  private static final String PROFILE = "dgx-h100";
  private static final String GPU = "nvidia.com/gpu";
  private static final List<String> CONTROL =
      List.of("nvidiactl", "nvidia-uvm", "nvidia-uvm-tools", "nvidia-modeset");
  private static final String LIST_DEV =
      "ls /dev; echo \"visible=$NVIDIA_VISIBLE_DEVICES\"; echo listed; sleep 600";

  private RealNodeFixture fixture;
  private RealNode node;
  private NodePods pods;
  private ChartDevicePlugin plugin;
  private final Set<String> labelled = new LinkedHashSet<>();

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException, IOException {
    fixture = RealNodeFixture.startWithoutPlugin(dir);
    node = fixture.node();
    pods = fixture.pods();
    plugin =
        fixture.installDevicePlugin(PROFILE, List.of("devicePlugin.deviceListStrategy=cdi-cri"));
  }

  @AfterEach
  void deletePodsAndLabels() {
    if (pods != null) {
      pods.deleteAll();
    }
    labelled.forEach(key -> setLabel(key, null));
    labelled.clear();
  }

  @AfterAll
  void stop() {
    if (fixture != null) {
      fixture.close();
    }
  }

  @Test
  @Order(1)
  @DisplayName(
      "cdi-cri: the kubelet's device manager registers the plugin, the node's allocatable shows 8"
          + " nvidia.com/gpu, and a pod asking for one sees exactly one GPU's device node and the"
          + " control nodes, from our CDI spec")
  void oneGpuThroughCdi() throws InterruptedException, IOException {
    plugin.awaitAllocatable(GPU, 8);
    Path spec = node.layout().cdiDir().resolve("k8s.device-plugin.nvidia.com-gpu.json");
    assertThat(isJson(spec)).as("NVIDIA's plugin writes its spec as JSON").isTrue();

    Pod pod = pods.runUntilLogged(gpuPod("one-gpu", GPU, 1), "listed");

    assertOneGpu(pod);
    assertThat(pods.log(pod)).contains("visible=void");
  }

  @Test
  @Order(2)
  @DisplayName("a kubelet restart: the plugin registers again and the next pod gets its GPU")
  void kubeletRestart() throws InterruptedException {
    plugin.awaitAllocatable(GPU, 8);
    long streams = plugin.listAndWatchCalls(GPU);
    node.restartKubelet();
    plugin.awaitListAndWatch(GPU, streams);
    plugin.awaitAllocatable(GPU, 8);

    Pod pod = pods.runUntilLogged(gpuPod("after-kubelet", GPU, 2), "listed");

    assertThat(gpuNodes(pod)).hasSize(2);
  }

  @Test
  @Order(3)
  @DisplayName("a plugin restart (its pod deleted): the new pod registers and serves Allocate")
  void pluginRestart() throws InterruptedException {
    long streams = plugin.listAndWatchCalls(GPU);
    plugin.deletePod();
    plugin.awaitListAndWatch(GPU, streams);
    plugin.awaitAllocatable(GPU, 8);

    Pod pod = pods.runUntilLogged(gpuPod("after-plugin", GPU, 1), "listed");

    assertOneGpu(pod);
  }

  @Test
  @Order(4)
  @DisplayName(
      "per-node config: named configs from the chart's map; the node's"
          + " nvidia.com/device-plugin.config label switches the running plugin to NVIDIA's"
          + " time-slicing config (renameByDefault, 4 replicas): 32 nvidia.com/gpu.shared, and a"
          + " pod's container gets NVIDIA_VISIBLE_DEVICES with one GPU's UUID (envvar)")
  void perNodeTimeSlicing() throws InterruptedException {
    fixture.uninstallDevicePlugin();
    String shared =
        "version: v1\n"
            + "sharing:\n"
            + "  timeSlicing:\n"
            + "    renameByDefault: true\n"
            + "    resources:\n"
            + "    - name: nvidia.com/gpu\n"
            + "      replicas: 4\n";
    plugin =
        fixture.installDevicePlugin(
            PROFILE,
            List.of(
                "devicePlugin.config.map.default=version: v1",
                "devicePlugin.config.map.shared=" + shared));
    plugin.awaitAllocatable(GPU, 8);

    label("shared");
    plugin.awaitAllocatable(GPU + ".shared", 32);

    Pod pod = pods.runUntilLogged(gpuPod("shared", GPU + ".shared", 1), "listed");

    assertThat(pods.log(pod)).anyMatch(l -> l.matches("visible=GPU-[0-9a-f-]{36}"));
  }

  @Test
  @Order(6)
  @DisplayName(
      "mixed MIG strategy on a DGX A100 with static MIG devices: 6 nvidia.com/gpu, 7"
          + " nvidia.com/mig-1g.5gb and 2 nvidia.com/mig-3g.20gb; a pod asking for one 1g.5gb gets"
          + " its parent GPU's node and its MIG capabilities, through CDI")
  void mixedMig() throws InterruptedException {
    fixture.uninstallDevicePlugin();
    plugin =
        fixture.installDevicePlugin(
            "dgx-a100-mig",
            List.of("devicePlugin.migStrategy=mixed", "devicePlugin.deviceListStrategy=cdi-cri"));
    plugin.awaitAllocatable("nvidia.com/mig-1g.5gb", 7);
    plugin.awaitAllocatable("nvidia.com/mig-3g.20gb", 2);
    plugin.awaitAllocatable(GPU, 6);

    Pod pod =
        pods.runUntilLogged(
            gpuPod(
                "mig",
                "nvidia.com/mig-1g.5gb",
                1,
                "ls /dev; ls /dev/nvidia-caps; echo listed; sleep 600"),
            "listed");

    assertThat(gpuNodes(pod)).containsExactly("nvidia0");
    assertThat(pods.log(pod).stream().filter(f -> f.matches("nvidia-cap[0-9]+"))).hasSize(2);
  }

  private void label(String config) {
    label("nvidia.com/device-plugin.config", config);
  }

  /**
   * Labels the node until the test ends: a label left behind would choose the next test's config.
   */
  private void label(String key, String value) {
    labelled.add(key);
    setLabel(key, value);
  }

  private void setLabel(String key, String value) {
    fixture
        .controlPlane()
        .client()
        .nodes()
        .withName(node.nodeName())
        .edit(n -> {
          if (value == null) {
            n.getMetadata().getLabels().remove(key);
          } else {
            n.getMetadata().getLabels().put(key, value);
          }
          return n;
        });
  }

  @Test
  @Order(5)
  @DisplayName(
      "MPS: on a node labelled nvidia.com/mps.capable, the chart's MPS DaemonSet starts a control"
          + " daemon for nvidia.com/gpu (4 replicas per GPU), the plugin serves 32 once it answers,"
          + " and a pod's container gets CUDA_MPS_PIPE_DIRECTORY, the daemon's pipe directory and"
          + " the daemons' 64 MiB tmpfs as /dev/shm")
  void mpsSharing() throws InterruptedException {
    fixture.uninstallDevicePlugin();
    label("nvidia.com/mps.capable", "true");
    String mps =
        "version: v1\n"
            + "sharing:\n"
            + "  mps:\n"
            + "    resources:\n"
            + "    - name: nvidia.com/gpu\n"
            + "      replicas: 4\n";
    plugin =
        fixture.installDevicePlugin(
            PROFILE,
            List.of(
                "devicePlugin.config.map.default=" + mps,
                "devicePlugin.deviceListStrategy=envvar"));
    plugin.awaitAllocatable(GPU, 32);
    String script =
        "echo \"pipe=$CUDA_MPS_PIPE_DIRECTORY\"; ls \"$CUDA_MPS_PIPE_DIRECTORY\";"
            + " grep ' /dev/shm ' /proc/mounts; echo listed; sleep 600";
    Pod pod = pods.runUntilLogged(gpuPod("mps", GPU, 1, script), "listed");

    List<String> log = pods.log(pod);
    assertThat(log).contains("pipe=/mps/nvidia.com/gpu/pipe", "control.pid");
    assertThat(log).anyMatch(l -> l.matches("\\S+ /dev/shm tmpfs \\S*size=65536k\\S* .*"));
  }

  private Pod gpuPod(String name, String resource, int count) {
    return gpuPod(name, resource, count, LIST_DEV);
  }

  private Pod gpuPod(String name, String resource, int count, String script) {
    return new PodBuilder(pods.pod(name, script, null, null))
        .editSpec()
        .editFirstContainer()
        .withNewResources()
        .withLimits(Map.of(resource, new Quantity(String.valueOf(count))))
        .endResources()
        .endContainer()
        .endSpec()
        .build();
  }

  private void assertOneGpu(Pod pod) {
    List<String> nodes = nvidiaNodes(pod);
    assertThat(nodes).containsAll(CONTROL);
    assertThat(gpuNodes(pod)).singleElement().satisfies(n -> assertThat(n).matches("nvidia[0-7]"));
    assertThat(nodes).hasSize(CONTROL.size() + 1);
  }

  private List<String> nvidiaNodes(Pod pod) {
    return pods.log(pod).stream().filter(l -> l.startsWith("nvidia")).toList();
  }

  private List<String> gpuNodes(Pod pod) {
    return nvidiaNodes(pod).stream().filter(l -> l.matches("nvidia[0-9]+")).toList();
  }

  private static boolean isJson(Path spec) throws IOException {
    return Files.readString(spec).startsWith("{");
  }
}
