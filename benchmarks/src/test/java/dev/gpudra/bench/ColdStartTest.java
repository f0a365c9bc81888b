package dev.gpudra.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ColdStartTest {
  @Test
  @DisplayName("the median start takes each milestone's median on its own, across the starts")
  void medianPerMilestone() {
    ColdStart median =
        ColdStart.median(
            List.of(new ColdStart(9, 30, 10), new ColdStart(1, 10, 30), new ColdStart(5, 20, 20)));

    assertThat(median).isEqualTo(new ColdStart(5, 20, 20));
    assertThat(median.readyNanos()).isEqualTo(20);
  }

  @Test
  @DisplayName("one start is its own median; none is refused")
  void oneAndNone() {
    ColdStart only = new ColdStart(1, 2, 3);

    assertThat(ColdStart.median(List.of(only))).isEqualTo(only);
    assertThatThrownBy(() -> ColdStart.median(List.of()))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
