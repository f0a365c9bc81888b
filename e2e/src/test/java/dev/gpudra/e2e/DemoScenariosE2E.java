package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.api.computedomain.ComputeDomainBinding;
import dev.gpudra.demo.Demo;
import dev.gpudra.demo.DemoCluster;
import dev.gpudra.demo.DemoSpec;
import dev.gpudra.demo.ExpectationCheck;
import dev.gpudra.demo.PodReport;
import dev.gpudra.demo.ReportPrinter;
import dev.gpudra.demo.ScenarioRun;
import dev.gpudra.demo.SpecLibrary;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every {@code demo/specs} scenario, then every scenario of {@code e2e/scenarios} (cases kept
 * because our allocator and the scheduler could differ there), replayed on the real control plane:
 * the API server accepts our objects and slices, the resource-claim controller makes the claims,
 * kube-scheduler decides and our allocator must have predicted the very same devices, the plugin
 * prepares what was allocated, and deleting the pods unprepares everything.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DemoScenariosE2E {
  private final PrintWriter out = new PrintWriter(System.out, true);
  private final boolean existing = RealControlPlane.existingCluster().isPresent();
  private DemoCluster cluster;
  private ScenarioRun runner;
  private final List<String> namespaces = new ArrayList<>();

  @BeforeAll
  void startCluster(@TempDir Path dir) throws InterruptedException {
    cluster = RealControlPlane.start(dir, out);
    runner = new ScenarioRun(cluster, Demo.placement(), existing ? "gpu-dra-e2e-" : "");
  }

  @AfterAll
  void stopCluster() {
    if (cluster == null) {
      return;
    }
    if (existing) {
      // someone else's cluster: leave nothing behind
      namespaces.forEach(ns -> cluster.client().namespaces().withName(ns).delete());
    }
    cluster.close();
  }

  static Stream<DemoSpec> scenarios() {
    return Stream.concat(
        RealControlPlane.demoSpecs().scenarios().stream(),
        new SpecLibrary(RealControlPlane.checkout().resolve("e2e/scenarios")).scenarios().stream());
  }

  @Order(1)
  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  @DisplayName(
      "a scenario ends as its expect.yaml says, and kube-scheduler chose what we predicted")
  void replays(DemoSpec spec) throws InterruptedException {
    org.junit.jupiter.api.Assumptions.assumeFalse(
        existing && spec.needsComputeDomains(),
        "an existing cluster's ComputeDomain driver is its own; this suite does not install one");
    org.junit.jupiter.api.Assumptions.assumeFalse(
        existing && spec.migrates(), "an existing cluster has no device-plugin node of ours");
    Map<String, PodReport> pods = runner.run(spec);
    namespaces.add(runner.namespace(spec));
    if (existing) {
      // its nodes, profiles and kubelets are its own: hold the scheduler to our allocator only
      new ReportPrinter(out).scenario(spec, pods, List.of());
      pods.values().forEach(p -> assertThat(p.disagreements()).as(p.name()).isEmpty());
      return;
    }
    List<String> problems = ExpectationCheck.problems(spec.expectation(), pods, cluster.slices());
    new ReportPrinter(out).scenario(spec, pods, problems);
    assertThat(problems).as("pods %s", pods).isEmpty();
    for (PodReport pod : pods.values()) {
      assertThat(pod.disagreements()).as(pod.name()).isEmpty();
      if ("Running".equals(pod.phase())
          && pod.node().filter(cluster.pluginNodes()::containsKey).isPresent()) {
        // the device plugin's Allocate: no claims, the GPU by UUID in the env and as its CDI name
        assertThat(pod.devices()).as(pod.name()).isEmpty();
        assertThat(pod.containers().values())
            .as(pod.name())
            .isNotEmpty()
            .allSatisfy(c -> {
              assertThat(c.view().env()).anyMatch(e -> e.startsWith("NVIDIA_VISIBLE_DEVICES=GPU-"));
              assertThat(c.cdiDevices())
                  .singleElement()
                  .asString()
                  .startsWith("k8s.device-plugin.nvidia.com/gpu=GPU-");
            });
      } else if ("Running".equals(pod.phase())) {
        assertPrepared(pod);
      } else if (PodReport.EVICTED.equals(pod.phase())) {
        // prepared while it ran; then kube-controller-manager's eviction deleted it
        assertPrepared(pod);
        assertThat(pod.eviction())
            .as(pod.name())
            .hasValueSatisfying(e -> assertThat(e).contains("EvictionInProgress=False, Completed"));
      } else {
        assertThat(pod.schedulerMessage()).as(pod.name()).isPresent();
        assertThat(pod.unschedulable()).as(pod.name()).isPresent();
      }
    }
  }

  @Order(2)
  @Test
  @DisplayName(
      "a health taint (scenario unhealthy-gpu) gets its timeAdded from the API server, and the"
          + " slice then stays as it is: no update loop against the server's default")
  void taintedSliceSettles() throws InterruptedException {
    org.junit.jupiter.api.Assumptions.assumeFalse(existing, "GPU events need simulated nodes");
    java.util.function.Supplier<io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice> slice =
        () ->
            cluster.slices().stream()
                .filter(s -> "gpu-node-2".equals(s.getSpec().getNodeName()))
                .filter(s -> "gpu.nvidia.com".equals(s.getSpec().getDriver()))
                .findFirst()
                .orElseThrow();
    io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice before = slice.get();
    assertThat(before.getSpec().getDevices())
        .filteredOn(d -> d.getName().equals("gpu-7"))
        .singleElement()
        .satisfies(d ->
            assertThat(d.getTaints())
                .singleElement()
                .satisfies(t -> {
                  assertThat(t.getKey()).isEqualTo("gpu.nvidia.com/xid");
                  assertThat(t.getValue()).isEqualTo("79");
                  assertThat(t.getEffect()).isEqualTo("NoSchedule");
                  assertThat(t.getTimeAdded()).isNotBlank();
                }));

    Thread.sleep(12_000); // two passes of the health monitor, and the publisher's resyncs

    assertThat(slice.get().getMetadata().getResourceVersion())
        .isEqualTo(before.getMetadata().getResourceVersion());
  }

  @Order(3)
  @Test
  @DisplayName("deleting the pods unprepares every claim and the generated claims are collected")
  void cleansUp() throws InterruptedException {
    // on an existing cluster its own kubelets unprepare; what we see is the claims going away
    assertThat(cluster.deletePodsAndAwaitUnprepare(namespaces))
        .isEqualTo(
            "all claims unprepared, every CDI spec removed, every GPU back to its defaults,"
                + " every ComputeDomain's daemons and node labels gone");
    org.awaitility.Awaitility.await()
        .atMost(java.time.Duration.ofSeconds(30))
        .untilAsserted(() ->
            assertThat(
                    cluster
                        .client()
                        .resources(ResourceClaim.class)
                        .inAnyNamespace()
                        .list()
                        .getItems()
                        .stream()
                        .filter(c -> namespaces.contains(c.getMetadata().getNamespace()))
                        .filter(c ->
                            c.getMetadata().getOwnerReferences() != null
                                && !c.getMetadata().getOwnerReferences().isEmpty())
                        .map(c -> c.getMetadata().getNamespace() + "/" + c.getMetadata().getName())
                        .toList())
                .as("claims generated from templates, after their pods were deleted")
                .isEmpty());
  }

  /**
   * Every allocated device reaches the container: its CDI ID, and its device node (a passthrough
   * device: its IOMMU group's).
   */
  private void assertPrepared(PodReport pod) {
    assertThat(pod.devices()).isNotEmpty();
    List<String> cdi =
        pod.containers().values().stream().flatMap(c -> c.cdiDevices().stream()).toList();
    List<String> nodes =
        pod.containers().values().stream().flatMap(c -> c.view().deviceNodes().stream()).toList();
    for (DeviceRequestAllocationResult device : pod.devices()) {
      assertThat(device.getPool()).isEqualTo(pod.node().orElseThrow());
      String claimUid = pod.claimUid(device);
      if ("compute-domain.nvidia.com".equals(device.getDriver())) {
        // an IMEX channel: its node is in a clique, so the claim's spec gives channel 0
        assertThat(cdi)
            .contains("k8s.compute-domain.nvidia.com/claim=" + claimUid + "-" + device.getDevice());
        assertThat(nodes).contains("/dev/nvidia-caps-imex-channels/channel0");
        if (device.getDevice().startsWith("channel-")) {
          // ComputeDomainBindingConditions: kube-scheduler bound the pod only once the controller
          // set the condition (the node's IMEX daemon ready)
          assertThat(device.getBindingConditions()).containsExactly(ComputeDomainBinding.READY);
        }
        continue;
      }
      assertThat(cdi).contains("k8s.gpu.nvidia.com/claim=" + claimUid + "-" + device.getDevice());
      if (device.getDevice().startsWith("gpu-vfio-")) {
        assertThat(nodes).anyMatch(n -> n.matches("/dev/vfio/\\d+")); // the IOMMU group
        continue;
      }
      String minor = device.getDevice().replaceAll("^gpu-(\\d+).*$", "$1");
      assertThat(nodes).contains("/dev/nvidia" + minor, "/dev/nvidiactl");
    }
  }
}
