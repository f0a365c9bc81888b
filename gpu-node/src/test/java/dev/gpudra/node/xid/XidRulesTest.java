package dev.gpudra.node.xid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class XidRulesTest {
  @Test
  @DisplayName(
      "NVIDIA's ignore list plus the additional XIDs are ignored, the fatal list is fatal, the rest"
          + " transient; ignoring wins over fatal")
  void classifies() {
    XidRules rules = XidRules.of(List.of(79L, 999L), XidRules.DEFAULT_FATAL);

    assertThat(rules.classify(13)).isEqualTo(XidSeverity.IGNORED);
    assertThat(rules.classify(109)).isEqualTo(XidSeverity.IGNORED);
    assertThat(rules.classify(999)).isEqualTo(XidSeverity.IGNORED);
    assertThat(rules.classify(79)).isEqualTo(XidSeverity.IGNORED);
    assertThat(rules.classify(48)).isEqualTo(XidSeverity.FATAL);
    assertThat(rules.classify(8)).isEqualTo(XidSeverity.TRANSIENT);
  }

  @Test
  @DisplayName("an XID list is comma-separated integers; anything else is refused naming the flag")
  void parses() {
    assertThat(XidRules.parse(" 13, 48,,79 ", "--x (X)")).containsExactly(13L, 48L, 79L);
    assertThat(XidRules.parse("", "--x (X)")).isEmpty();
    assertThatThrownBy(() -> XidRules.parse("13,x48", "--x (X)"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--x (X): \"x48\" is not an XID (a non-negative integer)");
    assertThatThrownBy(() -> XidRules.parse("-1", "--x (X)"))
        .hasMessageContaining("\"-1\" is not an XID");
  }
}
