package dev.gpudra.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The acceptance suite: every scenario folder of {@code demo/specs} replayed on one local cluster
 * (API server, the demo's GPU nodes with the real plugin, kubelet stand-ins, scheduler stand-in).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DemoSpecsE2E {
  private DemoCluster cluster;
  private ScenarioRun runner;

  @BeforeAll
  void startCluster(@TempDir Path dir) throws InterruptedException {
    cluster = new Demo(new PrintWriter(new StringWriter()), dir, library()).start();
    runner = new ScenarioRun(cluster, Demo.placement());
  }

  @AfterAll
  void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  static SpecLibrary library() {
    return SpecLibrary.locate(Path.of("").toAbsolutePath());
  }

  static Stream<DemoSpec> scenarios() {
    return library().scenarios().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  @DisplayName(
      "a demo/specs scenario ends as its expect.yaml says, with its devices' container edits")
  void replays(DemoSpec spec) throws InterruptedException {
    Map<String, PodReport> pods = runner.run(spec);
    assertThat(ExpectationCheck.problems(spec.expectation(), pods, cluster.slices()))
        .as("pods %s", pods)
        .isEmpty();
    for (Expectation.Pod want : spec.expectation().pods()) {
      PodReport pod = pods.get(want.name());
      if (want.running() && pod.node().filter(cluster.pluginNodes()::containsKey).isPresent()) {
        assertPluginAllocated(pod);
      } else if (want.running()) {
        assertRunning(pod);
      } else if (PodReport.EVICTED.equals(want.phase())) {
        // it ran with its devices; then the eviction stand-in deleted it for a DeviceTaintRule
        assertRunning(pod);
        assertThat(pod.eviction()).hasValueSatisfying(e -> assertThat(e).contains("Completed"));
      } else {
        assertThat(pod.node()).isEmpty();
        assertThat(pod.unschedulable()).isPresent();
        assertThat(pod.unschedulable().get().misses())
            .hasSize(Demo.NODES.size() + cluster.pluginNodes().size());
      }
    }
  }

  /**
   * On a device-plugin node: no claims, and every container got a GPU by UUID through Allocate, in
   * {@code NVIDIA_VISIBLE_DEVICES} and as its CDI name.
   */
  private static void assertPluginAllocated(PodReport pod) {
    assertThat(pod.devices()).isEmpty();
    assertThat(pod.containers())
        .isNotEmpty()
        .allSatisfy((name, c) -> {
          String uuid =
              c.view().env().stream()
                  .filter(e -> e.startsWith("NVIDIA_VISIBLE_DEVICES="))
                  .map(e -> e.substring(e.indexOf('=') + 1))
                  .findFirst()
                  .orElseThrow();
          assertThat(uuid).startsWith("GPU-");
          assertThat(c.cdiDevices()).containsExactly("k8s.device-plugin.nvidia.com/gpu=" + uuid);
        });
  }

  /**
   * Every allocated device reaches the container: its CDI ID, and its device node (a passthrough
   * device: its IOMMU group's).
   */
  private void assertRunning(PodReport pod) {
    assertThat(pod.devices()).isNotEmpty();
    assertThat(pod.devices())
        .allSatisfy(d -> assertThat(d.getPool()).isEqualTo(pod.node().orElseThrow()));
    List<String> cdi =
        pod.containers().values().stream().flatMap(c -> c.cdiDevices().stream()).toList();
    List<String> nodes =
        pod.containers().values().stream().flatMap(c -> c.view().deviceNodes().stream()).toList();
    for (DeviceRequestAllocationResult device : pod.devices()) {
      String claimUid = pod.claimUid(device);
      if ("compute-domain.nvidia.com".equals(device.getDriver())) {
        // an IMEX channel on a node of a clique: its claim's spec gives channel 0
        assertThat(cdi)
            .contains("k8s.compute-domain.nvidia.com/claim=" + claimUid + "-" + device.getDevice());
        assertThat(nodes).contains("/dev/nvidia-caps-imex-channels/channel0");
        continue;
      }
      assertThat(cdi).contains("k8s.gpu.nvidia.com/claim=" + claimUid + "-" + device.getDevice());
      if (device.getDevice().startsWith("gpu-vfio-")) {
        assertThat(nodes).anyMatch(n -> n.matches("/dev/vfio/\\d+")); // the IOMMU group
        continue;
      }
      String minor = device.getDevice().replaceAll("^gpu-(\\d+).*$", "$1");
      assertThat(nodes).contains("/dev/nvidia" + minor, "/dev/nvidiactl");
      if (device.getDevice().contains("-mig-")) {
        assertThat(nodes).anyMatch(n -> n.startsWith("/dev/nvidia-caps/nvidia-cap"));
      }
    }
  }
}
