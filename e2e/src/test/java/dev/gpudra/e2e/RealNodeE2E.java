package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.deviceclasses.model.DeviceClassFactory;
import dev.gpudra.deviceclasses.model.DeviceClassOptions;
import dev.gpudra.localcluster.controlplane.ControlPlaneProcess;
import dev.gpudra.localcluster.node.DevicePlaceholders;
import dev.gpudra.localcluster.node.NodeImages;
import dev.gpudra.localcluster.node.NodeLayout;
import dev.gpudra.localcluster.node.NodeTools;
import dev.gpudra.localcluster.node.RealNode;
import dev.gpudra.localcluster.node.RealNodeUnavailableException;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaimTemplateBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The GPU kubelet plugin under a real kubelet, with real containers: gpu-dra-testcluster, one real
 * node (containerd, runc, the kubelet of the same Kubernetes version), and our plugin as a process
 * on the image's classpath with simulated GPUs, registered by that kubelet. Containers' output is
 * read from the kubelet's pod logs. Where root, runc, the CNI plugins, busybox or Go are missing
 * the suite is skipped with one line saying what.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RealNodeE2E {
  private static final String NODE = "gpu-node-real";
  private static final String NS = "default";

  private ControlPlaneProcess controlPlane;
  private RealNode node;
  private DevicePlaceholders devices;
  private Process plugin;
  private Path pluginLog;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException, IOException {
    Path binary = RealControlPlane.binaryOrSkip();
    NodeTools tools;
    try {
      tools = NodeTools.locate(RealControlPlane.checkout(), binary, System.err::println);
    } catch (RealNodeUnavailableException e) {
      System.err.println("real node E2E skipped: " + e.getMessage());
      Assumptions.abort(e.getMessage());
      return;
    }
    controlPlane = ControlPlaneProcess.start(binary, dir.resolve("cp"), Duration.ofSeconds(120));
    KubernetesClient client = controlPlane.client();
    node =
        RealNode.start(
            tools,
            new NodeLayout(Files.createTempDirectory("gpu-dra-node-")),
            NODE,
            controlPlane.kubeconfig(),
            client);
    devices = DevicePlaceholders.create(DevicePlaceholders.nvidiaPaths(8));
    new DeviceClassFactory()
        .deviceClasses(DeviceClassOptions.allDrivers())
        .forEach(c -> client.resource(c).create());
    pluginLog = dir.resolve("plugin.log");
    plugin = startPlugin();
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() ->
            client.dynamicResourceAllocation().v1().resourcesSlices().list().getItems().stream()
                .anyMatch(s -> NODE.equals(s.getSpec().getNodeName())));
  }

  /** The plugin as the image runs it, pointed at the real kubelet's directories. */
  private Process startPlugin() throws IOException {
    Path libs = Path.of(System.getProperty("gpu-dra.image.libs", "target/no-image-libs"));
    if (!Files.isDirectory(libs)) {
      throw new IllegalStateException(
          libs + " missing: build deployments/container first (./gpu-dra test builds it)");
    }
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx64m",
            "--enable-native-access=ALL-UNNAMED",
            "-cp",
            libs.toAbsolutePath() + "/*",
            "dev.gpudra.cli.GpuDra",
            "gpu-kubelet-plugin",
            "--node-name=" + NODE,
            "--kubeconfig=" + controlPlane.kubeconfig(),
            "--cdi-root=" + node.layout().cdiDir(),
            "--kubelet-registrar-directory-path=" + node.layout().registrarDir(),
            "--kubelet-plugins-directory-path=" + node.layout().pluginsDir(),
            "--simulated-gpus=dgx-h100",
            "--healthcheck-port=-1");
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(pluginLog.toFile()))
        .start();
  }

  @AfterAll
  void stop() throws InterruptedException {
    if (plugin != null) {
      plugin.destroy();
      plugin.waitFor(20, TimeUnit.SECONDS);
    }
    if (node != null) {
      node.close();
    }
    if (devices != null) {
      devices.close();
    }
    if (controlPlane != null) {
      controlPlane.close();
    }
  }

  @Test
  @DisplayName("a pod runs in a real container on the real node")
  void plainPod() {
    Pod pod = run(pod("hello", "echo hello from a real container", false));

    assertThat(log(pod)).contains("hello from a real container");
  }

  @Test
  @DisplayName(
      "a pod with a one-GPU claim sees its GPU's device node and the control nodes, and only those")
  void oneGpu() {
    Pod pod = runUntilLogged(pod("one-gpu", "ls /dev; echo listed; sleep 600", true), "listed");

    String device = allocatedDevice(pod);
    // the simulated profiles number GPU minors by index: gpu-K is /dev/nvidiaK
    String gpuNode = "nvidia" + device.substring("gpu-".length());
    assertThat(log(pod).stream().filter(f -> f.startsWith("nvidia")))
        .containsExactlyInAnyOrder(
            gpuNode, "nvidiactl", "nvidia-uvm", "nvidia-uvm-tools", "nvidia-modeset");
    controlPlane.client().resource(pod).withGracePeriod(1).delete();
  }

  @Test
  @DisplayName("when the pod is gone the kubelet unprepares its claim: the claim's CDI spec goes")
  void unprepareOnDelete() throws IOException {
    Pod pod = runUntilLogged(pod("unprepare", "echo started; sleep 600", true), "started");
    String claimUid = claimOf(pod).getMetadata().getUid();
    assertThat(cdiSpecs()).anyMatch(f -> f.contains(claimUid));

    controlPlane.client().resource(pod).withGracePeriod(1).delete();

    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(() -> assertThat(cdiSpecs()).noneMatch(f -> f.contains(claimUid)));
    assertThat(Files.readString(pluginLog))
        .contains("unprepare succeeded for claim " + NS + "/" + claimOf(pod, claimUid));
  }

  private Pod pod(String name, String script, boolean gpu) {
    KubernetesClient client = controlPlane.client();
    if (gpu) {
      client
          .resource(
              new ResourceClaimTemplateBuilder()
                  .withNewMetadata()
                  .withName(name)
                  .withNamespace(NS)
                  .endMetadata()
                  .withNewSpec()
                  .withNewSpec()
                  .withNewDevices()
                  .addNewRequest()
                  .withName("gpu")
                  .withNewExactly()
                  .withDeviceClassName("gpu.nvidia.com")
                  .endExactly()
                  .endRequest()
                  .endDevices()
                  .endSpec()
                  .endSpec()
                  .build())
          .create();
    }
    PodBuilder builder =
        new PodBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace(NS)
            .endMetadata()
            .withNewSpec()
            .withRestartPolicy("Never")
            .addNewContainer()
            .withName("c")
            .withImage(NodeImages.BUSYBOX)
            .withImagePullPolicy("Never")
            .withCommand("sh", "-c", script)
            .endContainer()
            .endSpec();
    if (gpu) {
      builder
          .editSpec()
          .addNewResourceClaim()
          .withName("gpu")
          .withResourceClaimTemplateName(name)
          .endResourceClaim()
          .editFirstContainer()
          .withNewResources()
          .addNewClaim()
          .withName("gpu")
          .endClaim()
          .endResources()
          .endContainer()
          .endSpec();
    }
    return builder.build();
  }

  /** Creates the pod and waits until it has run to completion on the real node. */
  private Pod run(Pod pod) {
    KubernetesClient client = controlPlane.client();
    client.resource(pod).create();
    var handle = client.pods().inNamespace(NS).withName(pod.getMetadata().getName());
    await()
        .atMost(Duration.ofSeconds(90))
        .untilAsserted(() ->
            assertThat(handle.get().getStatus().getPhase())
                .as("phase of %s, plugin log %s", pod.getMetadata().getName(), pluginLog)
                .isEqualTo("Succeeded"));
    return onTheNode(handle.get());
  }

  /**
   * Creates the pod and waits until its container has written {@code line}; it keeps running (a
   * finished pod's generated claim is deleted at once).
   */
  private Pod runUntilLogged(Pod pod, String line) {
    KubernetesClient client = controlPlane.client();
    client.resource(pod).create();
    var handle = client.pods().inNamespace(NS).withName(pod.getMetadata().getName());
    await()
        .atMost(Duration.ofSeconds(90))
        .untilAsserted(() ->
            assertThat(node.containerLog(handle.get(), "c").orElse(List.of()))
                .as("log of %s, plugin log %s", pod.getMetadata().getName(), pluginLog)
                .contains(line));
    return onTheNode(handle.get());
  }

  private static Pod onTheNode(Pod pod) {
    assertThat(pod.getSpec().getNodeName()).isEqualTo(NODE);
    return pod;
  }

  private List<String> log(Pod pod) {
    return node.containerLog(pod, "c").orElseThrow();
  }

  private ResourceClaim claimOf(Pod pod) {
    String name = pod.getStatus().getResourceClaimStatuses().getFirst().getResourceClaimName();
    return controlPlane
        .client()
        .resources(ResourceClaim.class)
        .inNamespace(NS)
        .withName(name)
        .get();
  }

  /** The claim's name, for the plugin's log line (namespace/name (uid)). */
  private static String claimOf(Pod pod, String uid) {
    return pod.getStatus().getResourceClaimStatuses().getFirst().getResourceClaimName()
        + " ("
        + uid
        + ")";
  }

  private String allocatedDevice(Pod pod) {
    return claimOf(pod)
        .getStatus()
        .getAllocation()
        .getDevices()
        .getResults()
        .getFirst()
        .getDevice();
  }

  private List<String> cdiSpecs() throws IOException {
    try (Stream<Path> files = Files.list(node.layout().cdiDir())) {
      return files.map(p -> p.getFileName().toString()).toList();
    }
  }
}
