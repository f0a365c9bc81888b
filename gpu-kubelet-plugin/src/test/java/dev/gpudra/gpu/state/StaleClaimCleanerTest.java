package dev.gpudra.gpu.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.gpu.checkpoint.PreparedClaim;
import dev.gpudra.kit.dra.NodeLock;
import dev.gpudra.testfixtures.claims.TestClaims;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StaleClaimCleanerTest {
  @TempDir Path dir;

  @Test
  @DisplayName("PrepareStarted claims that are gone or re-created are rolled back, others kept")
  void rollsBackStale() throws Exception {
    TestNode node = new TestNode(dir);
    node.checkpoints.update(cp ->
        cp.withClaim("gone", PreparedClaim.started("default", "gone"))
            .withClaim("old-uid", PreparedClaim.started("default", "recreated"))
            .withClaim("live", PreparedClaim.started("default", "live"))
            .withClaim("unnamed", PreparedClaim.started("", ""))
            .withClaim("lookup-fails", PreparedClaim.started("default", "flaky")));
    node.state.prepare(TestClaims.claim("done", "done").result("gpu", "gpu-0").build());
    Map<String, String> api = Map.of("recreated", "new-uid", "live", "live", "done", "x");
    ClaimLookup lookup =
        (namespace, name) -> {
          if (name.equals("flaky")) {
            throw new IllegalStateException("API down");
          }
          return Optional.ofNullable(api.get(name));
        };
    assertThat(
            new StaleClaimCleaner(
                    node.state, lookup, new NodeLock(dir.resolve("pu.lock"), Duration.ofSeconds(1)))
                .runOnce())
        .isEqualTo(2);
    assertThat(node.checkpoints.read().claims())
        .containsOnlyKeys("live", "unnamed", "lookup-fails", "done");
  }

  @Test
  @DisplayName(
      "while another holder has pu.lock (a prepare, NVIDIA's plugin) nothing is rolled back; the"
          + " next round does it")
  void waitsForTheNodeLock() throws Exception {
    TestNode node = new TestNode(dir);
    node.checkpoints.update(cp -> cp.withClaim("gone", PreparedClaim.started("default", "gone")));
    ClaimLookup lookup = (namespace, name) -> Optional.empty();
    StaleClaimCleaner cleaner =
        new StaleClaimCleaner(
            node.state, lookup, new NodeLock(dir.resolve("pu.lock"), Duration.ofMillis(200)));

    try (NodeLock.Held held =
        new NodeLock(dir.resolve("pu.lock"), Duration.ofSeconds(1)).acquire()) {
      assertThat(cleaner.runOnce()).isZero();
      assertThat(node.checkpoints.read().claims()).containsOnlyKeys("gone");
    }

    assertThat(cleaner.runOnce()).isEqualTo(1);
    assertThat(node.checkpoints.read().claims()).isEmpty();
  }
}
