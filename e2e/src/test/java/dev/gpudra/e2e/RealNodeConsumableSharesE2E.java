package dev.gpudra.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaimBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Consumable capacity under the real scheduler and kubelet: our chart with {@code
 * featureGates.ConsumableShares=true} and {@code consumableShares=memory}; two pods each ask one
 * GPU for 30Gi of its memory, pinned to the same GPU: kube-scheduler gives both a share of it (a
 * share ID each, 30Gi consumed each), the plugin prepares both, and both containers get the GPU.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ResourceLock(RealNodeFixture.HOST)
class RealNodeConsumableSharesE2E {
  private RealNodeFixture fixture;
  private NodePods pods;

  @BeforeAll
  void start(@TempDir Path dir) throws InterruptedException, IOException {
    fixture =
        RealNodeFixture.start(
            dir,
            "dgx-h100",
            List.of("featureGates.ConsumableShares=true", "consumableShares=memory"));
    pods = fixture.pods();
  }

  @AfterAll
  void stop() {
    if (fixture != null) {
      pods.deleteAll();
      fixture.close();
    }
  }

  /** 30Gi of the memory of the GPU with minor 0. */
  private static DeviceClaim shareOfGpu0() {
    String address; // the profile's, unlike the UUIDs, which depend on the node's name
    try (SimulatedNvml nvml = new SimulatedNvml(new ProfileLoader().load("dgx-h100"), "n")) {
      address =
          nvml.gpus().stream().filter(g -> g.minor() == 0).findFirst().orElseThrow().pciBusId();
    }
    DeviceClaim one =
        NodePods.oneDevice(
            "gpu.nvidia.com",
            "device.attributes['resource.kubernetes.io'].pciBusID == '" + address + "'");
    return new DeviceClaimBuilder(one)
        .editFirstRequest()
        .editExactly()
        .withNewCapacity()
        .withRequests(Map.of("memory", new Quantity("30Gi")))
        .endCapacity()
        .endExactly()
        .endRequest()
        .build();
  }

  private static DeviceRequestAllocationResult result(ResourceClaim claim) {
    return claim.getStatus().getAllocation().getDevices().getResults().getFirst();
  }

  @Test
  @DisplayName(
      "two claims for 30Gi of one GPU: both allocated a share of the same device, both prepared,"
          + " both containers see its node")
  void twoSharesOfOneGpu() {
    pods.template("share", shareOfGpu0());

    Pod a =
        pods.runUntilLogged(
            pods.pod("share-a", "ls /dev; echo listed; sleep 600", "share", null), "listed");
    Pod b =
        pods.runUntilLogged(
            pods.pod("share-b", "ls /dev; echo listed; sleep 600", "share", null), "listed");

    DeviceRequestAllocationResult first = result(pods.claimOf(a));
    DeviceRequestAllocationResult second = result(pods.claimOf(b));
    assertThat(first.getDevice()).isEqualTo(second.getDevice());
    assertThat(first.getShareID()).isNotBlank().isNotEqualTo(second.getShareID());
    assertThat(first.getConsumedCapacity().get("memory")).isEqualTo(new Quantity("30Gi"));
    String node = "nvidia" + first.getDevice().substring("gpu-".length());
    assertThat(pods.log(a)).contains(node);
    assertThat(pods.log(b)).contains(node);
  }
}
