package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * NVIDIA's bats suites {@code test_gpu_basic.bats} and {@code test_gpu_robustness.bats}, replayed
 * on our real node (real kubelet, containerd, runc; our chart; a simulated GB200 tray of 4 GPUs, as
 * NVIDIA's mock-NVML CI runs them on GB200s): each test names the NVIDIA case it mirrors in its
 * display name and makes NVIDIA's assertion, or a stricter one. NVIDIA's pods read {@code
 * nvidia-smi -L}; here the driver root's {@code nvidia-smi} stand-in lists the GPUs whose device
 * nodes our CDI spec gave the container ({@code NvidiaSmiStandIn}). Not replayed: the metrics case
 * (NvidiaMetricsIT diffs the series against NVIDIA's plugin). The catalogue of NVIDIA's cases:
 * {@code docs/design/nvidia-e2e-cases.md}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ResourceLock(RealNodeFixture.HOST)
class NvidiaGpuBatsReplayE2E {
  private static final String GPU_LINE = "GPU 0: NVIDIA GB200 \\(UUID: GPU-[0-9a-f-]+\\)";

  /**
   * NVIDIA's gpu_basic attribute set (its mock CI's GB200s report an addressing mode), and {@code
   * numaNode}, which its 0.5 adds from PCI sysfs where a node has one (NVIDIA's mock has none).
   */
  private static final Set<String> GPU_ATTRIBUTES =
      Set.of(
          "addressingMode",
          "architecture",
          "brand",
          "cudaComputeCapability",
          "cudaDriverVersion",
          "driverVersion",
          "productName",
          "resource.kubernetes.io/pciBusID",
          "resource.kubernetes.io/pcieRoot",
          "resource.kubernetes.io/numaNode",
          "type",
          "uuid");

  /** NVIDIA's pods' command; our busybox image's PATH lacks /usr/bin, where CDI mounts it. */
  private static final String SMI = "PATH=/usr/bin:$PATH nvidia-smi -L";

  private RealNodeFixture fixture;
  private NodePods pods;
  private KubernetesClient client;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException, IOException {
    fixture = RealNodeFixture.start(dir, "gb200-nvl", List.of());
    pods = fixture.pods();
    client = fixture.controlPlane().client();
    pods.template("rct-single-gpu-full", NodePods.oneDevice("gpu.nvidia.com", null));
  }

  @AfterEach
  void cleanUp() {
    pods.deleteAll();
    client.resources(ResourceClaim.class).inNamespace("default").delete();
  }

  @AfterAll
  void stop() {
    if (fixture != null) {
      fixture.close();
    }
  }

  /** A pod that lists its GPUs, then stays; its template or claim (one may be null). */
  private Pod lister(String name, String template, String claim) {
    return pods.pod(name, SMI + "; echo listed; sleep 600", template, claim);
  }

  /** The GPU lines a running lister wrote. */
  private List<String> listed(Pod pod, String container) {
    return fixture.node().containerLog(pod, container).orElse(List.of()).stream()
        .filter(l -> !l.equals("listed"))
        .toList();
  }

  private List<String> run(Pod pod) {
    return listed(pods.runUntilLogged(pod, "listed"), "c");
  }

  @Test
  @DisplayName("gpu_basic 'GPUs: 1 pod(s), 1 full GPU': the pod lists exactly one GPU by its UUID")
  void onePodOneGpu() {
    assertThat(run(lister("pod-full-gpu", "rct-single-gpu-full", null)))
        .singleElement()
        .asString()
        .matches(GPU_LINE);
  }

  @Test
  @DisplayName("gpu_basic 'GPUs: 2 pod(s), 1 full GPU each': one GPU each, and not the same one")
  void twoPodsTwoGpus() {
    List<String> first = run(lister("pod1", "rct-single-gpu-full", null));
    List<String> second = run(lister("pod2", "rct-single-gpu-full", null));

    assertThat(first).singleElement().asString().matches(GPU_LINE);
    assertThat(second).singleElement().asString().matches(GPU_LINE);
    assertThat(first).isNotEqualTo(second);
  }

  @Test
  @DisplayName("gpu_basic 'GPUs: 2 pod(s), 1 full GPU (shared, 1 RC)': both list the same GPU")
  void twoPodsShareOneClaim() {
    pods.claim("rc-single-gpu-full", NodePods.oneDevice("gpu.nvidia.com", null));

    List<String> first = run(lister("pod1", null, "rc-single-gpu-full"));
    List<String> second = run(lister("pod2", null, "rc-single-gpu-full"));

    assertThat(first).singleElement().asString().matches(GPU_LINE);
    assertThat(second).isEqualTo(first);
  }

  @Test
  @DisplayName(
      "gpu_basic 'GPUs: 1 pod(s), 2 cntrs, 1 full GPU (shared, 1 RCT)': both containers list the"
          + " same GPU")
  void twoContainersShareOneClaim() {
    Pod one = lister("pod1", "rct-single-gpu-full", null);
    Pod two =
        new PodBuilder(one)
            .editSpec()
            .editFirstContainer()
            .withName("ctr0")
            .endContainer()
            .addToContainers(
                new io.fabric8.kubernetes.api.model.ContainerBuilder(
                        one.getSpec().getContainers().getFirst())
                    .withName("ctr1")
                    .build())
            .endSpec()
            .build();
    client.resource(two).create();
    await()
        .atMost(Duration.ofSeconds(90))
        .until(() ->
            !listed(pods.current(two), "ctr0").isEmpty()
                && !listed(pods.current(two), "ctr1").isEmpty());

    Pod running = pods.current(two);
    assertThat(listed(running, "ctr0")).singleElement().asString().matches(GPU_LINE);
    assertThat(listed(running, "ctr1")).isEqualTo(listed(running, "ctr0"));
  }

  @Test
  @DisplayName(
      "gpu_basic 'GPUs: inspect device attributes in resource slice (gpu)': NVIDIA's attribute set,"
          + " with the numaNode its 0.5 adds")
  void gpuAttributes() {
    Device gpu = gpuDevices().getFirst();

    assertThat(new TreeSet<>(gpu.getAttributes().keySet()))
        .isEqualTo(new TreeSet<>(GPU_ATTRIBUTES));
  }

  private List<Device> gpuDevices() {
    return client.resources(ResourceSlice.class).list().getItems().stream()
        .filter(s -> s.getSpec().getDriver().equals("gpu.nvidia.com"))
        .flatMap(s -> s.getSpec().getDevices().stream())
        .filter(d -> "gpu".equals(d.getAttributes().get("type").getString()))
        .toList();
  }

  @Test
  @DisplayName(
      "gpu_robustness 'GPUs: ResourceClaim lifecycle — allocated on pod create, released on pod"
          + " delete': the claim holds a device, and no claim is left after the pod")
  void claimLifecycle() {
    Pod pod = pods.runUntilLogged(lister("pod-full-gpu", "rct-single-gpu-full", null), "listed");

    assertThat(pods.claimOf(pod).getStatus().getAllocation().getDevices().getResults()).hasSize(1);
    pods.delete(pod);
    awaitNoClaim();
  }

  @Test
  @DisplayName(
      "gpu_robustness 'GPUs: GPU re-acquired after pod delete and re-create': the second pod lists"
          + " a GPU too")
  void reacquired() {
    for (int i = 0; i < 2; i++) {
      Pod pod = lister("pod-full-gpu", "rct-single-gpu-full", null);
      assertThat(run(pod)).singleElement().asString().matches(GPU_LINE);
      pods.delete(pod);
    }
  }

  @Test
  @DisplayName(
      "gpu_robustness 'GPUs: pod with two ResourceClaimTemplates gets two distinct GPUs': it lists"
          + " two GPUs")
  void twoTemplatesTwoGpus() {
    pods.template("rct-claim-b", NodePods.oneDevice("gpu.nvidia.com", null));
    Pod pod =
        new PodBuilder(lister("pod-two-claims", "rct-single-gpu-full", null))
            .editSpec()
            .addNewResourceClaim()
            .withName("other")
            .withResourceClaimTemplateName("rct-claim-b")
            .endResourceClaim()
            .editFirstContainer()
            .editResources()
            .addNewClaim()
            .withName("other")
            .endClaim()
            .endResources()
            .endContainer()
            .endSpec()
            .build();

    List<String> lines = run(pod);

    assertThat(lines).hasSize(2).allMatch(l -> l.contains("(UUID: GPU-"));
    assertThat(lines.get(0)).startsWith("GPU 0: ");
    assertThat(lines.get(1)).startsWith("GPU 1: ");
  }

  @Test
  @DisplayName(
      "gpu_robustness 'GPUs: CEL selector matches GPU by architecture attribute': a claim selecting"
          + " the published architecture runs to completion with a GPU")
  void celMatchesArchitecture() {
    String architecture = gpuDevices().getFirst().getAttributes().get("architecture").getString();
    assertThat(architecture).isNotBlank();
    pods.template(
        "rct-cel-match",
        NodePods.oneDevice(
            "gpu.nvidia.com",
            "device.attributes[\"gpu.nvidia.com\"].architecture == \"" + architecture + "\""));

    Pod done = pods.runToCompletion(pods.pod("pod-cel-match", SMI, "rct-cel-match", null));

    assertThat(pods.log(done)).anyMatch(l -> l.contains("UUID: GPU-"));
  }

  @Test
  @DisplayName(
      "gpu_robustness 'GPUs: CEL selector rejects non-matching productName': the pod stays Pending")
  void celRejectsProductName() throws InterruptedException {
    pods.template(
        "rct-cel-nomatch",
        NodePods.oneDevice(
            "gpu.nvidia.com",
            "device.attributes[\"gpu.nvidia.com\"].productName == \"NONEXISTENT-GPU-XYZ\""));
    Pod pod = lister("pod-cel-nomatch", "rct-cel-nomatch", null);
    client.resource(pod).create();

    Thread.sleep(5000);

    assertThat(pods.current(pod).getStatus().getPhase()).isEqualTo("Pending");
  }

  @Test
  @DisplayName(
      "gpu_robustness 'GPUs: ResourceSlice device count matches host GPU count': as many gpu"
          + " devices as the host has /dev/nvidia<N> nodes")
  void deviceCountMatchesHost() {
    Pod counter =
        new PodBuilder(
                pods.pod("dev-count", "ls /host-dev | grep -c '^nvidia[0-9][0-9]*$'", null, null))
            .editSpec()
            .editFirstContainer()
            .withNewSecurityContext()
            .withPrivileged(true)
            .endSecurityContext()
            .addNewVolumeMount()
            .withName("dev")
            .withMountPath("/host-dev")
            .endVolumeMount()
            .endContainer()
            .addNewVolume()
            .withName("dev")
            .withNewHostPath()
            .withPath("/dev")
            .endHostPath()
            .endVolume()
            .endSpec()
            .build();

    Pod done = pods.runToCompletion(counter);

    assertThat(pods.log(done)).containsExactly(String.valueOf(gpuDevices().size()));
  }

  @Test
  @DisplayName(
      "gpu_robustness 'GPUs: rapid claim create/delete does not leak resources': ten cycles leave"
          + " no claim and the same gpu devices")
  void rapidCyclesLeakNothing() {
    int devices = gpuDevices().size();
    for (int i = 0; i < 10; i++) {
      Pod pod = lister("pod-cycle", "rct-single-gpu-full", null);
      assertThat(run(pod)).singleElement().asString().matches(GPU_LINE);
      pods.delete(pod);
    }

    awaitNoClaim();
    assertThat(gpuDevices()).hasSize(devices);
  }

  /** Waits until the namespace holds no ResourceClaim (a pod's generated one goes with it). */
  private void awaitNoClaim() {
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() ->
            client
                .resources(ResourceClaim.class)
                .inNamespace("default")
                .list()
                .getItems()
                .isEmpty());
  }
}
