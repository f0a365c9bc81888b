package dev.gpudra.kit.dra;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.DraDriver;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.testfixtures.claims.TestClaims;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.MDC;

class LogContextTest {
  @TempDir Path dir;

  /** Records the MDC the driver sees in each call. */
  private static final class Driver implements DraDriver {
    final List<Map<String, String>> seen = new ArrayList<>();

    @Override
    public Map<String, PrepareResult> prepare(List<ResourceClaim> claims) {
      seen.add(MDC.getCopyOfContextMap());
      Map<String, PrepareResult> out = new HashMap<>();
      claims.forEach(c -> out.put(c.getMetadata().getUid(), PrepareResult.of(List.of())));
      return out;
    }

    @Override
    public Map<String, UnprepareResult> unprepare(List<ClaimRef> claims) {
      seen.add(MDC.getCopyOfContextMap());
      Map<String, UnprepareResult> out = new HashMap<>();
      claims.forEach(c -> out.put(c.uid(), UnprepareResult.ok()));
      return out;
    }

    @Override
    public void handleError(Throwable error, String context) {}
  }

  @Test
  @DisplayName(
      "the driver's log lines in a prepare carry driver, node and the claim; in an unprepare of"
          + " two, both claims; none of it outlives the call")
  void prepareAndUnprepareCarryTheirContext() {
    Driver driver = new Driver();
    Map<String, ResourceClaim> api =
        Map.of(
            "ns/a", TestClaims.allocated("ns", "a", "uid-a", "gpu-0"),
            "ns/b", TestClaims.allocated("ns", "b", "uid-b", "gpu-1"));
    DraHandler handler =
        new DraHandler(
            driver,
            new ClaimResolver((ns, name) -> Optional.ofNullable(api.get(ns + "/" + name))),
            new NodeLock(dir.resolve("pu.lock"), Duration.ofSeconds(1)),
            Duration.ZERO,
            new LogContext("gpu.nvidia.com", "node-1"));
    ClaimRef a = new ClaimRef("ns", "a", "uid-a");
    ClaimRef b = new ClaimRef("ns", "b", "uid-b");

    handler.prepare(List.of(a, b));
    handler.unprepare(List.of(a, b));

    assertThat(driver.seen).hasSize(3);
    assertThat(driver.seen.get(0))
        .containsEntry("driver", "gpu.nvidia.com")
        .containsEntry("node", "node-1")
        .containsEntry("claim", "ns/a (uid-a)");
    assertThat(driver.seen.get(1)).containsEntry("claim", "ns/b (uid-b)");
    assertThat(driver.seen.get(2)).containsEntry("claim", "ns/a (uid-a), ns/b (uid-b)");
    assertThat(MDC.getCopyOfContextMap())
        .satisfiesAnyOf(m -> assertThat(m).isNull(), m -> assertThat(m).isEmpty());
  }
}
