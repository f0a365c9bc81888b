package dev.gpudra.kit.claimstatus;

import static dev.gpudra.kit.claimstatus.ClaimSamples.DRIVER;
import static dev.gpudra.kit.claimstatus.ClaimSamples.claim;
import static dev.gpudra.kit.claimstatus.ClaimSamples.healthy;
import static dev.gpudra.kit.claimstatus.ClaimSamples.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.kit.ClaimRef;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ClaimStatusWriterTest {
  private static final ClaimRef REF = new ClaimRef("default", "claim", "uid-1");
  private final InMemoryClaims api =
      new InMemoryClaims(claim(List.of(result(DRIVER, "gpu-0")), List.of()));
  private final ClaimStatusWriter writer =
      new ClaimStatusWriter(
          api,
          new StatusMerge(DRIVER, new ObjectMapper()),
          Clock.fixed(Instant.parse("2026-12-07T08:00:00Z"), ZoneOffset.UTC),
          Duration.ofMillis(10));

  @AfterEach
  void close() {
    writer.close();
  }

  private List<String> devices() {
    ResourceClaim claim = api.stored();
    return claim.getStatus().getDevices() == null
        ? List.of()
        : claim.getStatus().getDevices().stream().map(d -> d.getDevice()).toList();
  }

  @Test
  @DisplayName("a conflict reads the claim again and merges again")
  void conflict() {
    api.failNext(ClaimStatusException.Kind.CONFLICT);

    writer.write(REF, List.of(healthy("gpu-0", Map.of())));

    await().atMost(Duration.ofSeconds(5)).until(() -> devices().equals(List.of("gpu-0")));
    assertThat(api.writes()).isEqualTo(2);
  }

  @Test
  @DisplayName("an unavailable server is tried again after a delay")
  void unavailable() {
    api.failNext(ClaimStatusException.Kind.UNAVAILABLE);
    api.failNext(ClaimStatusException.Kind.UNAVAILABLE);

    writer.write(REF, List.of(healthy("gpu-0", Map.of())));

    await().atMost(Duration.ofSeconds(5)).until(() -> devices().equals(List.of("gpu-0")));
    assertThat(api.writes()).isEqualTo(3);
  }

  @Test
  @DisplayName("a refusal (403) is not retried: the same write would be refused again")
  void forbidden() {
    api.failNext(ClaimStatusException.Kind.FORBIDDEN);

    writer.write(REF, List.of(healthy("gpu-0", Map.of())));

    // ten retry delays: a retry would have written again by then
    await()
        .during(Duration.ofMillis(100))
        .atMost(Duration.ofSeconds(5))
        .until(() -> api.writes() == 1);
    assertThat(devices()).isEmpty();
  }

  @Test
  @DisplayName("a claim deleted between the read and the write (404) is done with, not retried")
  void gone() {
    api.failNext(ClaimStatusException.Kind.GONE);

    writer.write(REF, List.of(healthy("gpu-0", Map.of())));

    await()
        .during(Duration.ofMillis(100))
        .atMost(Duration.ofSeconds(5))
        .until(() -> api.writes() == 1);
  }

  @Test
  @DisplayName("a status that already holds is not written again")
  void noChange() {
    writer.write(REF, List.of(healthy("gpu-0", Map.of())));
    await().atMost(Duration.ofSeconds(5)).until(() -> api.writes() == 1);

    writer.write(REF, List.of(healthy("gpu-0", Map.of())));
    writer.write(REF, List.of());

    await().atMost(Duration.ofSeconds(5)).until(() -> devices().isEmpty());
    assertThat(api.writes()).isEqualTo(2);
  }
}
