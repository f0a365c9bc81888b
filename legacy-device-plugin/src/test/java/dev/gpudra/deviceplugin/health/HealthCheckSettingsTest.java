package dev.gpudra.deviceplugin.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.node.xid.XidSeverity;
import java.time.Duration;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class HealthCheckSettingsTest {
  /** XIDs every case is asked about: 79 is fatal, the rest transient when counted. */
  private static final Set<Long> PROBES = Set.of(8L, 13L, 31L, 43L, 45L, 68L, 79L, 109L);

  /**
   * @param counted the probes that make a GPU Unhealthy
   */
  record Case(String name, String disable, String enable, Set<Long> counted, boolean disabled) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Case> cases() {
    return Stream.of(
        new Case("unset: NVIDIA's application errors ignored", null, null, Set.of(8L, 79L), false),
        new Case("empty values are unset", "", " ", Set.of(8L, 79L), false),
        new Case("DP_DISABLE_HEALTHCHECKS=all: no checks", "all", null, Set.of(), true),
        new Case("DP_DISABLE_HEALTHCHECKS=xids: no checks", "xids", null, Set.of(), true),
        new Case("all anywhere in the list, any case", "8, ALL", null, Set.of(), true),
        new Case("a list: ignored beside NVIDIA's", "79, ,8 ", null, Set.of(), false),
        new Case("a list of one", "79", "", Set.of(8L), false),
        new Case(
            "enable beats a built-in ignore", null, "13,109", Set.of(8L, 13L, 79L, 109L), false),
        new Case("enable beats the disable list", "8,79", "79", Set.of(79L), false),
        new Case("enable beats all disabled", "all", "31, 79", Set.of(31L, 79L), false),
        new Case("DP_ENABLE_HEALTHCHECKS=all: every XID", "all", "all", PROBES, false),
        new Case("enable xids, any case", null, "XIDS", PROBES, false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @DisplayName("NVIDIA's DP_DISABLE_HEALTHCHECKS and DP_ENABLE_HEALTHCHECKS pick the counted XIDs")
  void counts(Case c) {
    HealthCheckSettings settings = HealthCheckSettings.parse(c.disable(), c.enable());

    assertThat(settings.disabled()).isEqualTo(c.disabled());
    for (long xid : PROBES) {
      XidSeverity expected =
          !c.counted().contains(xid)
              ? XidSeverity.IGNORED
              : xid == 79 ? XidSeverity.FATAL : XidSeverity.TRANSIENT;
      assertThat(settings.classify(xid)).as("XID %d", xid).isEqualTo(expected);
    }
  }

  record Bad(String name, String disable, String enable, String variable, String item) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Bad> badValues() {
    return Stream.of(
        new Bad("a word", "13,abc", null, "DP_DISABLE_HEALTHCHECKS", "abc"),
        new Bad("a negative XID", "-1", null, "DP_DISABLE_HEALTHCHECKS", "-1"),
        new Bad(
            "too big for an XID",
            "99999999999999999999",
            null,
            "DP_DISABLE_HEALTHCHECKS",
            "99999999999999999999"),
        new Bad("not a comma", null, "79;80", "DP_ENABLE_HEALTHCHECKS", "79;80"),
        new Bad("a fraction, even beside all", "all", " 1.5 ", "DP_ENABLE_HEALTHCHECKS", "1.5"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badValues")
  @DisplayName("a value that is no XID is refused, naming the variable and the item")
  void refused(Bad c) {
    assertThatThrownBy(() -> HealthCheckSettings.parse(c.disable(), c.enable()))
        .isInstanceOfSatisfying(
            InvalidHealthCheckSettingException.class,
            e -> {
              assertThat(e.variable()).isEqualTo(c.variable());
              assertThat(e.item()).isEqualTo(c.item());
            })
        .hasMessage(
            c.variable()
                + ": \""
                + c.item()
                + "\" is not an XID (a non-negative integer), nor all"
                + " or xids");
  }

  @Test
  @DisplayName(
      "the defaults: NVIDIA's ignore list, the DRA plugin's fatal XIDs, 10 minutes' recovery")
  void defaults() {
    HealthCheckSettings settings = HealthCheckSettings.defaults();

    assertThat(settings.ignored()).containsExactlyInAnyOrder(13L, 31L, 43L, 45L, 68L, 109L);
    assertThat(settings.fatal()).contains(48L, 62L, 74L, 79L, 94L, 95L, 119L, 140L);
    assertThat(settings.recovery()).isEqualTo(Duration.ofMinutes(10));
    assertThat(settings.withRecovery(Duration.ZERO).recovery()).isZero();
    assertThatThrownBy(() -> settings.withRecovery(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("recovery period must be >= 0");
  }
}
