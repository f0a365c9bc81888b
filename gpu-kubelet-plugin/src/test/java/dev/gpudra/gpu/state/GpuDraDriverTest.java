package dev.gpudra.gpu.state;

import static dev.gpudra.testfixtures.claims.TestClaims.claim;
import static dev.gpudra.testfixtures.claims.TestClaims.params;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.UnprepareResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GpuDraDriverTest {
  @TempDir Path dir;
  TestNode node;
  GpuDraDriver driver;

  @BeforeEach
  void setUp() throws Exception {
    node = new TestNode(dir);
    driver = new GpuDraDriver(node.state);
  }

  @Test
  @DisplayName("a bad config fails only its own claim in a two-claim call")
  void badConfigFailsOnlyThatClaim() {
    ResourceClaim good = claim("uid-good", "good").result("gpu", "gpu-0").build();
    ResourceClaim bad =
        claim("uid-bad", "bad")
            .result("gpu", "gpu-1")
            .config(
                "FromClaim",
                List.of(),
                params("GpuConfig", Map.of("sharing", Map.of("strategy", "MPS", "typo", 1))))
            .build();
    Map<String, PrepareResult> results = driver.prepare(List.of(bad, good));
    assertThat(results).containsOnlyKeys("uid-bad", "uid-good");
    assertThat(results.get("uid-good").failed()).isFalse();
    assertThat(results.get("uid-good").devices()).hasSize(1);
    assertThat(results.get("uid-bad").error())
        .startsWith("prepare failed: invalid device config: claim default/bad:")
        .contains("strict decoding error: unknown field \"sharing.typo\"");
    assertThat(node.checkpoints.read().claims()).containsOnlyKeys("uid-good");
  }

  @Test
  @DisplayName("a busy device becomes that claim's error; unprepare reports success per claim")
  void busyAndUnprepare() {
    driver.prepare(List.of(claim("uid-1", "one").result("gpu", "gpu-0").build()));
    Map<String, PrepareResult> second =
        driver.prepare(List.of(claim("uid-2", "two").result("gpu", "gpu-0").build()));
    assertThat(second.get("uid-2").error())
        .isEqualTo(
            "prepare failed: device busy: claim default/two: requested device \"gpu-0\" is"
                + " already allocated to different claim uid-1");
    Map<String, UnprepareResult> released =
        driver.unprepare(
            List.of(
                new ClaimRef("default", "one", "uid-1"), new ClaimRef("default", "x", "uid-x")));
    assertThat(released.values()).allMatch(r -> !r.failed());
  }
}
