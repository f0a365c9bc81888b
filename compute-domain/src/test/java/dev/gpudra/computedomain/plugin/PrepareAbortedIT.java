package dev.gpudra.computedomain.plugin;

import static dev.gpudra.computedomain.plugin.DomainNode.channelConfig;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.DomainStatus;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * NVIDIA 0.5's PrepareAborted state on the compute-domain plugin, driven by the kubelet stand-in
 * (NVIDIA's bats case cd_misc "stale PrepareStarted").
 */
class PrepareAbortedIT {
  @TempDir Path root;
  private DomainNode node;

  @AfterEach
  void stop() {
    if (node != null) {
      node.close();
    }
  }

  @Test
  @DisplayName(
      "a prepare undone before it completed is marked PrepareAborted: unprepare again is a no-op,"
          + " a stale retry is refused by name, a changed status prepares")
  void abortsStalePrepare() {
    node = DomainNode.start(root, "gb200-nvl");
    ComputeDomain domain = node.domain("team-a", "nvl");
    ClaimRef claim =
        node.claim("team-a", "worker-0-channel", "channel-0", channelConfig(domain, null));
    assertThat(node.prepare(claim).get(claim.uid()).error()).contains("not ready");

    assertThat(node.unprepare(claim).get(claim.uid()).error()).isEmpty();

    Path checkpoint = node.dataDir().resolve("checkpoint.json");
    assertThat(checkpoint).content().contains("\"PrepareAborted\"", "\"abortedAt\"");
    assertThat(node.nodeLabel()).as("the started prepare's label is undone").isEmpty();
    assertThat(node.unprepare(claim).get(claim.uid()).error()).as("a no-op").isEmpty();
    assertThat(checkpoint).content().contains("\"PrepareAborted\"");
    node.daemonStatus(domain, DomainStatus.READY);
    assertThat(node.prepare(claim).get(claim.uid()).error())
        .contains("team-a/worker-0-channel", "stale prepare", "aborted at");
    assertThat(node.nodeLabel()).isEmpty();

    node.reserveFor(claim, "pod-2");
    PrepareResult again = node.prepare(claim).get(claim.uid());

    assertThat(again.error()).isEmpty();
    assertThat(checkpoint).content().contains("\"PrepareCompleted\"").doesNotContain("Aborted");
  }
}
