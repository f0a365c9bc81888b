package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.realcluster.node.ChartPlugin;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaim;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * MPSSupport under the real kubelet, NVIDIA's {@code gpu-test-mps}: our chart with {@code
 * featureGates.MPSSupport=true} on simulated H100s; two pods share one claim whose GpuConfig asks
 * for MPS. The plugin's control daemon Deployment runs in containerd (our image, {@code gpu-dra
 * mps-control-daemon}, the MPS control stand-in of the test driver root), the claim's containers
 * reach its pipe directory and tmpfs through CDI, and deleting the pods takes the daemon away.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ResourceLock(RealNodeFixture.HOST)
class RealNodeMpsE2E {
  private RealNodeFixture fixture;
  private NodePods pods;
  private KubernetesClient client;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException, IOException {
    fixture = RealNodeFixture.start(dir, "dgx-h100", List.of("featureGates.MPSSupport=true"));
    pods = fixture.pods();
    client = fixture.controlPlane().client();
  }

  @AfterAll
  void stop() {
    if (fixture != null) {
      pods.deleteAll();
      fixture.close();
    }
  }

  private static DeviceClaim mpsGpu() {
    return NodePods.configured(
        NodePods.oneDevice("gpu.nvidia.com", null),
        "GpuConfig",
        Map.of(
            "sharing",
            Map.of(
                "strategy",
                "MPS",
                "mpsConfig",
                Map.of(
                    "defaultActiveThreadPercentage",
                    50,
                    "defaultPinnedDeviceMemoryLimit",
                    "10Gi"))));
  }

  private List<Deployment> daemons() {
    return client.apps().deployments().inNamespace(ChartPlugin.NAMESPACE).list().getItems().stream()
        .filter(d -> d.getMetadata().getName().startsWith("mps-control-daemon-"))
        .toList();
  }

  @Test
  @DisplayName(
      "two pods on one MPS claim: the daemon pod runs and is ready, both containers see its pipe"
          + " directory and share its tmpfs as /dev/shm; the pods' deletion stops the daemon")
  void sharedThroughMps() throws IOException {
    pods.claim("mps-shared", mpsGpu());

    Pod first =
        pods.runUntilLogged(
            pods.pod(
                "mps-a",
                "echo pipe=$CUDA_MPS_PIPE_DIRECTORY; ls /tmp/nvidia-mps; echo from-a > /dev/shm/a;"
                    + " echo written; sleep 600",
                null,
                "mps-shared"),
            "written");
    Pod second =
        pods.runUntilLogged(
            pods.pod("mps-b", "cat /dev/shm/a; echo read; sleep 600", null, "mps-shared"), "read");

    String claimUid = pods.claimOf(first).getMetadata().getUid();
    List<Deployment> daemons = daemons();
    assertThat(daemons).hasSize(1);
    String name = daemons.getFirst().getMetadata().getName();
    assertThat(name).matches("mps-control-daemon-" + claimUid + "-[0-9a-f]{5}");
    assertThat(daemons.getFirst().getStatus().getReadyReplicas()).isEqualTo(1);
    assertThat(pods.log(first)).contains("pipe=/tmp/nvidia-mps", "control.pid");
    assertThat(pods.log(second)).contains("from-a");
    Path log =
        fixture
            .node()
            .layout()
            .pluginsDir()
            .resolve("gpu.nvidia.com/mps")
            .resolve(name.substring("mps-control-daemon-".length()))
            .resolve("log");
    assertThat(Files.readString(log.resolve("startup.log"))).isEqualTo("startup complete\n");
    assertThat(Files.readString(log.resolve("control.log")))
        .contains("daemon started CUDA_VISIBLE_DEVICES=GPU-")
        .contains("set_default_active_thread_percentage 50")
        .containsPattern("set_default_device_pinned_mem_limit GPU-\\S+ 10240M");

    pods.delete(first);
    pods.delete(second);

    fixture.awaitNoSpecFor(claimUid);
    await().atMost(Duration.ofSeconds(60)).until(() -> daemons().isEmpty());
    assertThat(log.getParent()).doesNotExist();
    try (Stream<Path> left = Files.list(log.getParent().getParent())) {
      assertThat(left).isEmpty();
    }
  }
}
