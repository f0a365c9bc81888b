package dev.gpudra.nvml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("A GPU recovery action reads and shows by NVML's names or its code")
class RecoveryActionTest {
  @Test
  @DisplayName("names in any case, with - or _, and codes; an unnamed code shows as UNKNOWN_<n>")
  void parsesNamesAndCodes() {
    assertThat(RecoveryAction.parse("gpu-reset")).isEqualTo(RecoveryAction.GPU_RESET);
    assertThat(RecoveryAction.parse("DRAIN_AND_RESET")).isEqualTo(RecoveryAction.DRAIN_AND_RESET);
    assertThat(RecoveryAction.parse(" none ")).isEqualTo(RecoveryAction.NONE);
    assertThat(RecoveryAction.parse("7")).isEqualTo(RecoveryAction.SYSTEM_REBOOT);
    assertThat(RecoveryAction.parse("12").label()).isEqualTo("UNKNOWN_12");
    assertThat(RecoveryAction.RECOVER_IMEX_DOMAIN).hasToString("RECOVER_IMEX_DOMAIN");
  }

  @Test
  @DisplayName("anything else is refused, naming the text and the names")
  void refusesOthers() {
    assertThatThrownBy(() -> RecoveryAction.parse("reboot"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'reboot' is no GPU recovery action")
        .hasMessageContaining("NODE_REBOOT");
    assertThatThrownBy(() -> new RecoveryAction(-1)).isInstanceOf(IllegalArgumentException.class);
  }
}
