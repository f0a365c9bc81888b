package dev.gpudra.computedomain.plugin;

import static dev.gpudra.computedomain.plugin.DomainNode.channelConfig;
import static dev.gpudra.computedomain.plugin.DomainNode.daemonConfig;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * NVIDIA's hostManaged IMEX on the plugin: the admin's {@code nvidia-imex} runs on the host (a
 * stand-in in a chroot-able driver root), the plugin publishes the channel only, checks the host
 * daemon at each channel prepare and refuses daemon claims.
 */
class HostManagedImexIT {
  @TempDir Path root;
  private DomainNode node;

  @AfterEach
  void stop() {
    if (node != null) {
      node.close();
    }
  }

  private String spec(ClaimRef claim) throws Exception {
    return java.nio.file.Files.readString(
        node.cdi("k8s.compute-domain.nvidia.com-claim_" + claim.uid() + ".yaml"));
  }

  @Test
  @DisplayName("publishes channel-0 only: no daemon device, as the admin runs the daemons")
  void publishesTheChannelOnly() {
    node = DomainNode.startHostManaged(root, "gb200-nvl");

    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() ->
            assertThat(node.client.resources(ResourceSlice.class).list().getItems())
                .singleElement()
                .satisfies(s ->
                    assertThat(s.getSpec().getDevices())
                        .extracting(Device::getName)
                        .containsExactly("channel-0")));
  }

  @Test
  @DisplayName(
      "a channel claim is retried while the host's nvidia-imex is down, then gets channel 0 only"
          + " (even asking for All); no node label, and a second domain shares the host daemon")
  void channelWaitsForTheHostDaemon() throws Exception {
    node = DomainNode.startHostManaged(root, "gb200-nvl");
    ComputeDomain domain = node.domain("team-a", "nvl");
    ClaimRef claim = node.claim("team-a", "w", "channel-0", channelConfig(domain, "All"));

    PrepareResult down = node.prepare(claim).get(claim.uid());

    assertThat(down.error())
        .contains(
            "team-a/w",
            "host nvidia-imex daemon readiness check failed",
            "nvidia-imex-ctl -q --u=/etc/nvidia-imex/imex_ctrl.sock",
            "UNAVAILABLE");
    node.host().start();
    PrepareResult up = node.prepare(claim).get(claim.uid());
    assertThat(up.error()).isEmpty();
    assertThat(spec(claim))
        .contains("path: \"/dev/nvidia-caps-imex-channels/channel0\"")
        .doesNotContain("channel1\"");
    assertThat(node.nodeLabel()).isEmpty();
    assertThat(node.unprepare(claim).get(claim.uid()).error()).isEmpty();

    ComputeDomain other = node.domain("team-b", "other");
    ClaimRef second = node.claim("team-b", "x", "channel-0", channelConfig(other, null));
    assertThat(node.prepare(second).get(second.uid()).error()).isEmpty();
  }

  @Test
  @DisplayName("a daemon claim fails for good, naming hostManaged")
  void refusesDaemonClaims() {
    node = DomainNode.startHostManaged(root, "gb200-nvl");
    ComputeDomain domain = node.domain("team-a", "nvl");
    ClaimRef claim = node.claim("team-a", "d", "daemon-0", daemonConfig(domain));

    assertThat(node.prepare(claim).get(claim.uid()).error())
        .contains(
            "team-a/d", "ComputeDomain daemon claims are not supported when imex.mode=hostManaged");
  }

  @Test
  @DisplayName("a node without a clique prepares a channel claim with no channel and no check")
  void noCliqueNoChannel() {
    node = DomainNode.startHostManaged(root, "dgx-h100");
    ComputeDomain domain = node.domain("team-a", "nvl");
    ClaimRef claim = node.claim("team-a", "w", "channel-0", channelConfig(domain, null));

    assertThat(node.prepare(claim).get(claim.uid()).error()).isEmpty();
    assertThat(node.cdi("k8s.compute-domain.nvidia.com-claim_" + claim.uid() + ".yaml"))
        .doesNotExist();
  }
}
