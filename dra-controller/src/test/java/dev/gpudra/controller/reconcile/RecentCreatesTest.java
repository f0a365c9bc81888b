package dev.gpudra.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class RecentCreatesTest {
  /** A clock the test moves. */
  private static final class Hands extends Clock {
    private Instant now = Instant.parse("2026-11-24T10:00:00Z");

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }

  @Test
  @DisplayName("an object created moments ago counts as there until the TTL; others never do")
  void recentUntilTtl() {
    Hands clock = new Hands();
    var recent = new RecentCreates(clock);
    var map =
        new ConfigMapBuilder()
            .withNewMetadata()
            .withNamespace("a")
            .withName("x")
            .endMetadata()
            .build();
    var sameNameOtherKind =
        new SecretBuilder()
            .withNewMetadata()
            .withNamespace("a")
            .withName("x")
            .endMetadata()
            .build();

    recent.created(map);
    assertThat(recent.recent(map)).isTrue();
    assertThat(recent.recent(sameNameOtherKind)).isFalse();

    clock.now = clock.now.plus(RecentCreates.TTL).minusMillis(1);
    assertThat(recent.recent(map)).isTrue();
    clock.now = clock.now.plusMillis(1);
    assertThat(recent.recent(map)).isFalse();
  }
}
