package dev.gpudra.deviceplugin.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class RetryBackoffTest {
  private static final Duration SECOND = Duration.ofSeconds(1);

  /** Looks until the next try is due; how many looks that took, the due one included. */
  private static int looksUntilDue(RetryBackoff backoff) {
    int looks = 1;
    while (!backoff.due()) {
      looks++;
    }
    return looks;
  }

  @Test
  @DisplayName("no failure: every look tries")
  void everyLook() {
    RetryBackoff backoff = new RetryBackoff(SECOND, Duration.ofSeconds(30));

    assertThat(List.of(backoff.due(), backoff.due(), backoff.due())).containsOnly(true);
  }

  @Test
  @DisplayName("each failure doubles the wait, 1, 2, 4, 8, 16 looks, then stays at the bound (30)")
  void doublesToTheBound() {
    RetryBackoff backoff = new RetryBackoff(SECOND, Duration.ofSeconds(30));
    List<Long> said = new ArrayList<>();
    List<Integer> looked = new ArrayList<>();

    for (int failure = 0; failure < 40; failure++) {
      assertThat(backoff.due()).isTrue();
      said.add(backoff.failed().toSeconds());
      looked.add(looksUntilDue(backoff));
    }

    assertThat(said.subList(0, 7)).containsExactly(1L, 2L, 4L, 8L, 16L, 30L, 30L);
    assertThat(said).allSatisfy(s -> assertThat(s).isBetween(1L, 30L));
    assertThat(looked.subList(0, 7)).containsExactly(1, 2, 4, 8, 16, 30, 30);
    assertThat(looked.getLast()).isEqualTo(30);
  }

  @Test
  @DisplayName("a reset (a success, a new kubelet) makes the next look try at once")
  void reset() {
    RetryBackoff backoff = new RetryBackoff(SECOND, Duration.ofSeconds(30));
    backoff.failed();
    backoff.failed();
    backoff.failed();

    backoff.reset();

    assertThat(backoff.due()).isTrue();
    assertThat(backoff.failed()).isEqualTo(SECOND);
  }

  @Test
  @DisplayName("a bound below the period, or a period of zero, is refused")
  void badBounds() {
    assertThatThrownBy(() -> new RetryBackoff(SECOND, Duration.ofMillis(500)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new RetryBackoff(Duration.ZERO, SECOND))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
