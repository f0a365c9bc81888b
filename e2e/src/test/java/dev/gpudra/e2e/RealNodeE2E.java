package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.realcluster.node.ChartPlugin;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The GPU kubelet plugin under a real kubelet, with real containers: gpu-dra-testcluster, one real
 * node (containerd, runc, the kubelet and kube-proxy of the same Kubernetes version), and our
 * plugin as users run it: a pod of our DaemonSet, installed with our Helm chart by a real helm,
 * from our image (Jib, on a base built here, imported into the node), with the simulated {@code
 * dgx-a100-mig} profile (six whole GPUs, MIG devices on gpu-0 and gpu-1). The plugin's pod reaches
 * the API server through the {@code kubernetes} Service, which kube-proxy routes. Containers list
 * their {@code /dev}; the suite reads that from the kubelet's pod logs. Where root, runc, the CNI
 * plugins, busybox or Go are missing it is skipped with one line saying what.
 */
@ResourceLock(RealNodeFixture.HOST)
class RealNodeE2E extends RealNodeSmoke {
  private static final String IMAGE = RealNodeFixture.IMAGE;
  private static final String DRIVER = RealNodeFixture.DRIVER;

  /** Where a template claim's metadata for request {@code dev} is (pod claim {@code dev}). */
  private static final String METADATA =
      "/var/run/kubernetes.io/dra-device-attributes/resourceclaimtemplates/dev/dev/"
          + "gpu.nvidia.com-metadata.json";

  @Override
  RealNodeFixture startFixture(Path dir) throws InterruptedException, IOException {
    return RealNodeFixture.start(dir);
  }

  @Test
  @DisplayName("a pod runs in a real container on the real node")
  void plainPod() {
    Pod pod = pods.runToCompletion(pods.pod("hello", "echo hello from a container", null, null));

    assertThat(pods.log(pod)).contains("hello from a container");
  }

  @Test
  @DisplayName("our image (Jib, on a base built here) runs its entry point in a real container")
  void ourImage() {
    Pod pod =
        pods.runToCompletion(
            pods.imagePod("image", IMAGE, Map.of(), "gpus", "--simulated-gpus", "dgx-h100"));

    assertThat(pods.log(pod))
        .contains("driver 580.95.05, CUDA 13.0, 8 devices")
        .anyMatch(l -> l.startsWith("gpu-7 ") && l.contains("NVIDIA H100 80GB HBM3"));
  }

  @Test
  @DisplayName(
      "our image starts from its AOT cache in a real container: trained on the base's runtime,"
          + " valid for the image's jars as containerd lays them out (-XX:AOTMode=on fails"
          + " otherwise), picocli's classes, rewritten by the build, among those from the cache")
  void ourImageUsesItsAotCache() {
    // the java launcher adds these to the image's own entry point and JAVA_TOOL_OPTIONS
    Map<String, String> env =
        Map.of("JDK_JAVA_OPTIONS", "-XX:AOTMode=on -Xlog:aot=info -Xlog:class+load=info");
    Pod pod = pods.runToCompletion(pods.imagePod("image-aot", IMAGE, env, "--version"));

    assertThat(pods.log(pod))
        .anyMatch(l -> l.contains("Using AOT-linked classes: true"))
        .anyMatch(l -> l.contains("picocli.CommandLine source: shared objects file"))
        .anyMatch(l -> l.startsWith("gpu-dra "));
  }

  @Test
  @DisplayName(
      "the real kubelet reads the plugin's device health stream (NVMLDeviceHealthCheck): the"
          + " pod's status shows its GPU Healthy under its CDI ID")
  void deviceHealthInPodStatus() {
    pods.template("healthy-gpu", NodePods.oneDevice("gpu.nvidia.com", null));
    Pod pod =
        pods.runUntilLogged(
            pods.pod("healthy-gpu", "echo up; sleep 600", "healthy-gpu", null), "up");
    String claimUid = pods.claimOf(pod).getMetadata().getUid();
    String resourceId = "k8s.gpu.nvidia.com/claim=" + claimUid + "-" + pods.allocatedDevice(pod);

    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(() ->
            assertThat(
                    pods.current(pod).getStatus().getContainerStatuses().stream()
                        .flatMap(c ->
                            c.getAllocatedResourcesStatus() == null
                                ? java.util.stream.Stream.empty()
                                : c.getAllocatedResourcesStatus().stream())
                        .flatMap(r -> r.getResources().stream())
                        .map(r -> r.getResourceID() + " " + r.getHealth())
                        .toList())
                .contains(resourceId + " Healthy"));
  }

  @Test
  @DisplayName(
      "the driver's files from the driver root reach the container, and nvidia-cdi-hook ran:"
          + " the .so links made, the ld cache updated, NVIDIA_CTK_LIBCUDA_DIR set")
  void driverFilesAndHooks() {
    pods.template("driver", NodePods.oneDevice("gpu.nvidia.com", null));

    Pod pod =
        pods.runUntilLogged(
            pods.pod(
                "driver",
                "ls /usr/lib64; echo link=$(readlink /usr/lib64/libnvidia-ml.so.1);"
                    + " echo dotso=$(readlink /usr/lib64/libnvidia-ml.so); /usr/bin/nvidia-smi;"
                    + " echo libcuda-dir=$NVIDIA_CTK_LIBCUDA_DIR; cat /etc/ld.so.conf.d/*.conf;"
                    + " echo listed; sleep 600",
                "driver",
                null),
            "listed");

    assertThat(pods.log(pod))
        .contains(
            "libnvidia-ml.so." + DRIVER,
            "link=libnvidia-ml.so." + DRIVER,
            "dotso=libnvidia-ml.so.1",
            "nvidia-smi from the test driver root",
            "libcuda-dir=/usr/lib64",
            "/usr/lib64");
  }

  @Test
  @DisplayName(
      "DeviceMetadata (KEP-5304): a container reads its GPU's and its MIG device's UUID from the"
          + " metadata file its claim's CDI spec mounts, as the slice publishes them")
  void deviceMetadata() throws IOException {
    pods.template("meta-gpu", NodePods.oneDevice("gpu.nvidia.com", null));
    pods.template(
        "meta-mig",
        NodePods.oneDevice(
            "mig.nvidia.com", "device.attributes['gpu.nvidia.com'].profile == '1g.5gb'"));

    for (String template : List.of("meta-gpu", "meta-mig")) {
      Pod pod =
          pods.runUntilLogged(
              pods.pod(
                  template, "cat " + METADATA + "; echo; echo read; sleep 600", template, null),
              "read");

      String device = pods.allocatedDevice(pod);
      JsonNode first = new ObjectMapper().readTree(String.join("\n", pods.log(pod)));
      assertThat(first.path("apiVersion").asText()).isEqualTo("metadata.resource.k8s.io/v1beta1");
      assertThat(first.at("/metadata/name").asText())
          .isEqualTo(pods.claimOf(pod).getMetadata().getName());
      JsonNode published = first.at("/requests/0/devices/0");
      assertThat(published.path("name").asText()).isEqualTo(device);
      assertThat(published.at("/attributes/uuid/string").asText())
          .isEqualTo(sliceUuid(device))
          .startsWith(template.equals("meta-mig") ? "MIG-" : "GPU-");
    }
  }

  @Test
  @DisplayName("a claim shared by two pods: both containers see the same one GPU")
  void sharedClaim() {
    pods.claim("shared", NodePods.oneDevice("gpu.nvidia.com", null));

    Pod first =
        pods.runUntilLogged(
            pods.pod("shared-a", LIST_DEV + " sleep 600", null, "shared"), "listed");
    Pod second =
        pods.runUntilLogged(
            pods.pod("shared-b", LIST_DEV + " sleep 600", null, "shared"), "listed");

    List<String> expected = expected(pods.allocatedDevice(first));
    assertThat(nvidiaNodes(first)).containsExactlyInAnyOrderElementsOf(expected);
    assertThat(nvidiaNodes(second)).containsExactlyInAnyOrderElementsOf(expected);
  }

  @Test
  @DisplayName("a MIG device: its parent GPU's node, the control nodes and its two capabilities")
  void migDevice() {
    pods.template(
        "mig-small",
        NodePods.oneDevice(
            "mig.nvidia.com", "device.attributes['gpu.nvidia.com'].profile == '1g.5gb'"));

    Pod pod =
        pods.runUntilLogged(pods.pod("mig", LIST_DEV + " sleep 600", "mig-small", null), "listed");

    String device = pods.allocatedDevice(pod);
    assertThat(device).startsWith("gpu-0-mig-1g5gb-");
    assertThat(nvidiaNodes(pod))
        .containsExactlyInAnyOrderElementsOf(
            Stream.concat(Stream.of("nvidia0", "nvidia-caps"), CONTROL.stream()).toList());
    assertThat(pods.log(pod).stream().filter(f -> f.matches("nvidia-cap[0-9]+"))).hasSize(2);
  }

  @Test
  @DisplayName("the kubelet restarts: the plugin registers again, running pods keep their GPU")
  void kubeletRestart() throws InterruptedException {
    pods.template("restart", NodePods.oneDevice("gpu.nvidia.com", null));
    Pod before =
        pods.runUntilLogged(pods.pod("before", "echo up; sleep 600", "restart", null), "up");
    String device = pods.allocatedDevice(before);
    String container = containerId(before);
    int registrations = plugin.registrations();

    node.restartKubelet();

    plugin.awaitRegistrations(registrations + 1);
    // the restarted kubelet reports the pod again: still Running, the same container, same GPU
    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(
            () -> assertThat(pods.current(before).getStatus().getPhase()).isEqualTo("Running"));
    assertThat(containerId(pods.current(before))).isEqualTo(container);
    assertThat(pods.allocatedDevice(pods.current(before))).isEqualTo(device);
    Pod after =
        pods.runUntilLogged(pods.pod("after", LIST_DEV + " sleep 600", "restart", null), "listed");
    assertThat(pods.allocatedDevice(after)).isNotEqualTo(device);
    assertThat(nvidiaNodes(after))
        .containsExactlyInAnyOrderElementsOf(expected(pods.allocatedDevice(after)));
  }

  @Test
  @DisplayName(
      "the registration socket is removed from the node: the plugin binds it again, the real"
          + " kubelet registers it again, and new pods get GPUs")
  void registrationSocketRemoved() throws IOException, InterruptedException {
    pods.template("socket", NodePods.oneDevice("gpu.nvidia.com", null));
    Pod before =
        pods.runUntilLogged(pods.pod("socket-before", "echo up; sleep 600", "socket", null), "up");
    int registrations = plugin.registrations();
    Path socket = node.layout().registrarDir().resolve("gpu.nvidia.com-reg.sock");

    Files.delete(socket);

    plugin.awaitRegistrations(registrations + 1);
    assertThat(socket).exists();
    assertThat(plugin.text()).contains("gpu.nvidia.com-reg.sock is served again");
    Pod after =
        pods.runUntilLogged(
            pods.pod("socket-after", LIST_DEV + " sleep 600", "socket", null), "listed");
    assertThat(pods.allocatedDevice(after)).isNotEqualTo(pods.allocatedDevice(before));
    assertThat(nvidiaNodes(after))
        .containsExactlyInAnyOrderElementsOf(expected(pods.allocatedDevice(after)));
  }

  @Test
  @DisplayName(
      "the plugin's pod is deleted: the DaemonSet's next pod registers, prepared claims survive and"
          + " are unprepared by it, no GPU is handed out twice")
  void pluginPodRestart() throws IOException, InterruptedException {
    pods.template("plugin-restart", NodePods.oneDevice("gpu.nvidia.com", null));
    Pod pod =
        pods.runUntilLogged(
            pods.pod("survivor", "echo up; sleep 600", "plugin-restart", null), "up");
    String claimUid = pods.claimOf(pod).getMetadata().getUid();
    String pluginPod = plugin.pod().getMetadata().getUid();

    plugin.deletePod();

    assertThat(plugin.pod().getMetadata().getUid()).isNotEqualTo(pluginPod);
    assertSurvivesAndIsUnpreparedByTheNewPlugin(pod, claimUid, "plugin-restart");
  }

  @Test
  @DisplayName(
      "helm upgrade to a new image tag: the DaemonSet rolls its pod, running pods keep their GPU,"
          + " the new plugin prepares and unprepares")
  void pluginUpgrade() throws IOException, InterruptedException {
    pods.template("upgrade", NodePods.oneDevice("gpu.nvidia.com", null));
    Pod pod =
        pods.runUntilLogged(pods.pod("upgraded", "echo up; sleep 600", "upgrade", null), "up");
    String claimUid = pods.claimOf(pod).getMetadata().getUid();
    String tag = "upgrade-" + pod.getMetadata().getUid().substring(0, 8);
    fixture.pushImage(tag);

    plugin.upgrade(tag);

    assertThat(ChartPlugin.image(plugin.pod())).endsWith(":" + tag);
    assertSurvivesAndIsUnpreparedByTheNewPlugin(pod, claimUid, "upgrade");
  }

  @Test
  @DisplayName(
      "a NoExecute DeviceTaintRule drains a GPU: the eviction controller deletes its pod, the"
          + " kubelet unprepares it, kube-scheduler and explain both keep a new claim off it (explain"
          + " names the rule), and it is used again once the rule goes")
  void taintRuleDrainsAGpu(@TempDir Path dir) throws IOException, InterruptedException {
    pods.template("drained", NodePods.oneDevice("gpu.nvidia.com", null));
    Pod pod = pods.runUntilLogged(pods.pod("drained", "echo up; sleep 600", "drained", null), "up");
    ResourceClaim claim = pods.claimOf(pod);
    var allocated = claim.getStatus().getAllocation().getDevices().getResults().getFirst();
    String device = allocated.getDevice();
    String rule = "drain-" + device;
    DeviceTaintRules rules = new DeviceTaintRules(fixture.controlPlane().client());

    rules.taint(
        rule,
        new DeviceTaintRules.DeviceRef("gpu.nvidia.com", allocated.getPool(), device),
        "gpu.nvidia.com/drain",
        "NoExecute");

    await().atMost(Duration.ofSeconds(60)).until(() -> pods.current(pod) == null);
    fixture.awaitNoSpecFor(claim.getMetadata().getUid());
    // kube-controller-manager 1.37 may add "Cancelling deletion" once the pod is gone: its claim
    // freed, the pod no longer needs evicting, and the controller drops the work it already did
    assertThat(rules.evictionEvents(pod.getMetadata().getName()))
        .extracting(e -> e.getMessage())
        .startsWith("Marking for deletion")
        .containsOnlyOnce("Marking for deletion")
        .isSubsetOf("Marking for deletion", "Cancelling deletion");
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(() -> assertThat(rules.conditionTypes(rule)).contains("EvictionInProgress"));
    String onDevice = "device.attributes[\"gpu.nvidia.com\"].uuid == \"" + sliceUuid(device) + "\"";
    pods.template("same-gpu", NodePods.oneDevice("gpu.nvidia.com", onDevice));
    Pod again = pods.pod("same-gpu", "echo up; sleep 600", "same-gpu", null);
    fixture.controlPlane().client().resource(again).create();
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(() -> assertThat(unschedulable(again)).isTrue());
    assertThat(
            Explain.claim(
                dir, pods.claimOf(pods.current(again)), fixture.controlPlane().kubeconfig()))
        .contains("from DeviceTaintRule " + rule, "gpu.nvidia.com/drain");

    rules.delete(rule);

    pods.awaitLogged(again, "up");
  }

  /** Whether kube-scheduler said the pod cannot be scheduled (PodScheduled False). */
  private boolean unschedulable(Pod pod) {
    Pod now = pods.current(pod);
    return now.getStatus().getConditions().stream()
        .anyMatch(c -> "PodScheduled".equals(c.getType()) && "False".equals(c.getStatus()));
  }

  /**
   * After the plugin's pod was replaced: {@code pod} still runs its first container with its GPU,
   * the claim's CDI spec is still there, a new pod from {@code template} gets another GPU (the new
   * plugin prepares it), and deleting {@code pod} makes the new plugin unprepare its claim.
   */
  private void assertSurvivesAndIsUnpreparedByTheNewPlugin(
      Pod pod, String claimUid, String template) throws IOException {
    String device = pods.allocatedDevice(pod);
    Pod now = pods.current(pod);
    assertThat(now.getStatus().getPhase()).isEqualTo("Running");
    assertThat(containerId(now)).isEqualTo(containerId(pod));
    assertThat(fixture.cdiSpecs()).anyMatch(f -> f.contains(claimUid));
    Pod other =
        pods.runUntilLogged(
            pods.pod(
                pod.getMetadata().getName() + "-next", LIST_DEV + " sleep 600", template, null),
            "listed");
    assertThat(pods.allocatedDevice(other)).isNotEqualTo(device);
    assertThat(nvidiaNodes(other))
        .containsExactlyInAnyOrderElementsOf(expected(pods.allocatedDevice(other)));
    int logged = plugin.text().length();

    pods.delete(pod);

    fixture.awaitNoSpecFor(claimUid);
    assertThat(plugin.text().substring(logged))
        .containsPattern("unprepare succeeded for claim .*\\(" + claimUid + "\\)");
  }

  /** The {@code uuid} attribute the plugin's slice publishes for {@code device}. */
  private String sliceUuid(String device) {
    return publishedDevices().stream()
        .filter(d -> d.getName().equals(device))
        .map(d -> d.getAttributes().get("uuid").getString())
        .findFirst()
        .orElseThrow();
  }

  private static String containerId(Pod pod) {
    return pod.getStatus().getContainerStatuses().getFirst().getContainerID();
  }
}
