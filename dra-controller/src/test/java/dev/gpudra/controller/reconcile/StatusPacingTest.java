package dev.gpudra.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.api.computedomain.ComputeDomainStatus;
import dev.gpudra.api.computedomain.DomainStatus;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class StatusPacingTest {
  private static final Instant T0 = Instant.parse("2026-11-24T10:00:00Z");

  private static ComputeDomainStatus status(DomainStatus status, String conditionMessage) {
    return new ComputeDomainStatus(
        status,
        List.of(),
        List.of(
            new io.fabric8.kubernetes.api.model.ConditionBuilder()
                .withType("Ready")
                .withMessage(conditionMessage)
                .build()));
  }

  private final ComputeDomainStatus waiting = status(DomainStatus.NOT_READY, "0 of 1 joined");
  private final ComputeDomainStatus pending = status(DomainStatus.NOT_READY, "pod pending");
  private final ComputeDomainStatus ready = status(DomainStatus.READY, "1 nodes ready");

  @Test
  @DisplayName("the first write and a Ready/NotReady change go at once; other changes wait 2 s")
  void transitionsAtOnceOthersPaced() {
    StatusPacing pacing = new StatusPacing();
    assertThat(pacing.wait("d", null, waiting, T0)).isEmpty();
    pacing.written("d", waiting, T0);

    assertThat(pacing.wait("d", waiting, pending, T0.plusMillis(500)))
        .contains(StatusPacing.INTERVAL.minusMillis(500));
    assertThat(pacing.wait("d", waiting, ready, T0.plusMillis(500))).isEmpty();
    assertThat(pacing.wait("d", waiting, pending, T0.plus(StatusPacing.INTERVAL))).isEmpty();
  }

  @Test
  @DisplayName(
      "what was just written is not written again while the cache still shows the old status")
  void cacheBehindOwnWrite() {
    StatusPacing pacing = new StatusPacing();
    pacing.written("d", waiting, T0);

    assertThat(pacing.wait("d", null, waiting, T0.plusMillis(100)))
        .contains(StatusPacing.INTERVAL.minusMillis(100));
    assertThat(pacing.wait("d", null, waiting, T0.plus(StatusPacing.INTERVAL))).isEmpty();
  }

  @Test
  @DisplayName("domains are paced apart, and a forgotten one starts afresh")
  void perDomain() {
    StatusPacing pacing = new StatusPacing();
    pacing.written("a", waiting, T0);
    assertThat(pacing.wait("b", waiting, pending, T0)).isEmpty();
    pacing.forget("a");
    assertThat(pacing.wait("a", waiting, pending, T0)).isEmpty();
  }
}
