package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.realcluster.node.ChartPlugin;
import io.fabric8.kubernetes.api.model.Pod;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * DynamicMIG under the real kubelet: our chart with {@code featureGates.DynamicMIG=true} on
 * simulated H100s; kube-scheduler allocates a MIG partition from the shared counters, the plugin
 * creates the MIG device on prepare, containerd gives the container the parent GPU's node and the
 * created device's two capability nodes, and deleting the pod destroys it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ResourceLock(RealNodeFixture.HOST)
class RealNodeDynamicMigE2E {
  private static final String LIST_DEV = "ls /dev; ls /dev/nvidia-caps 2>/dev/null; echo listed;";

  private RealNodeFixture fixture;
  private ChartPlugin plugin;
  private NodePods pods;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException, IOException {
    fixture = RealNodeFixture.start(dir, "dgx-h100", List.of("featureGates.DynamicMIG=true"));
    plugin = fixture.plugin();
    pods = fixture.pods();
  }

  @AfterAll
  void stop() {
    if (fixture != null) {
      pods.deleteAll();
      fixture.close();
    }
  }

  @Test
  @DisplayName(
      "a 1g.10gb partition: created on prepare, the container sees its parent's node and its two"
          + " capabilities, destroyed when the pod goes")
  void partitionMadeOnDemand() throws IOException {
    pods.template(
        "partition",
        NodePods.oneDevice(
            "mig.nvidia.com", "device.attributes['gpu.nvidia.com'].profile == '1g.10gb'"));

    Pod pod =
        pods.runUntilLogged(
            pods.pod("partition", LIST_DEV + " sleep 600", "partition", null), "listed");

    String device = pods.allocatedDevice(pod);
    assertThat(device).matches("gpu-[0-7]-mig-1g10gb-19-[0-6]");
    String parent = "nvidia" + device.substring(4, device.indexOf("-mig"));
    assertThat(pods.log(pod)).contains(parent, "nvidia-caps", "nvidiactl");
    assertThat(pods.log(pod).stream().filter(f -> f.matches("nvidia-cap[0-9]+"))).hasSize(2);
    assertThat(plugin.text()).containsPattern("created MIG device " + device + " \\(MIG-");
    String claimUid = pods.claimOf(pod).getMetadata().getUid();

    pods.delete(pod);

    fixture.awaitNoSpecFor(claimUid);
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> plugin.text().contains("destroyed MIG device " + device));
    assertThat(plugin.text()).contains("turning MIG mode off");
  }
}
