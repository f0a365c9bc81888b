package dev.gpudra.kit.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class GoTextTest {
  @ParameterizedTest(name = "{0} = {1} ms")
  @CsvSource({
    "15s, 15000",
    "1m30s, 90000",
    "1.5h, 5400000",
    "500ms, 500",
    "2h45m, 9900000",
    "0, 0",
    "-1.5s, -1500",
    ".5s, 500",
    "1000us, 1",
    "1000000ns, 1"
  })
  @DisplayName("Go durations, fractions and sequences included")
  void durations(String text, long millis) {
    assertThat(GoDuration.parse(text)).isEqualTo(Duration.ofMillis(millis));
  }

  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(strings = {"", "15", "1x", "s", "1h 30m", "infinite", "1.h2"})
  @DisplayName("anything else is refused, naming the value")
  void notDurations(String text) {
    assertThatThrownBy(() -> GoDuration.parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("\"" + text + "\" is not a duration");
  }

  @Test
  @DisplayName("Go's boolean spellings, and nothing else")
  void booleans() {
    for (String t : new String[] {"1", "t", "T", "TRUE", "true", "True"}) {
      assertThat(GoBool.parse(t)).as(t).isTrue();
    }
    for (String f : new String[] {"0", "f", "F", "FALSE", "false", "False"}) {
      assertThat(GoBool.parse(f)).as(f).isFalse();
    }
    assertThatThrownBy(() -> GoBool.parse("yes")).hasMessageContaining("\"yes\" is not a boolean");
  }
}
