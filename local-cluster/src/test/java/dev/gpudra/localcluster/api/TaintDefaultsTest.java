package dev.gpudra.localcluster.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class TaintDefaultsTest {
  private static final Instant NOW = Instant.parse("2026-12-07T08:00:00.750Z");
  private final TaintDefaults defaults = new TaintDefaults();

  @Test
  @DisplayName("a slice's device taints without timeAdded get the write's time in whole seconds")
  void sliceTaints() {
    String slice =
        """
        {"apiVersion":"resource.k8s.io/v1","kind":"ResourceSlice","spec":{"devices":[
        {"name":"gpu-0","taints":[{"key":"a","effect":"NoSchedule"},
        {"key":"b","effect":"None","timeAdded":"2026-01-01T00:00:00Z"}]}]}}\
        """;

    String out = defaults.defaulted(slice, Optional.empty(), NOW);

    assertThat(out)
        .contains(
            "{\"key\":\"a\",\"effect\":\"NoSchedule\",\"timeAdded\":\"2026-12-07T08:00:00Z\"}",
            "\"timeAdded\":\"2026-01-01T00:00:00Z\"");
  }

  @Test
  @DisplayName(
      "a rule's effect change keeps a new timeAdded the client sent, else sets the write's")
  void ruleEffectChange() {
    String old =
        """
        {"apiVersion":"resource.k8s.io/v1","kind":"DeviceTaintRule","spec":{"taint":
        {"key":"k","effect":"NoSchedule","timeAdded":"2026-01-01T00:00:00Z"}}}\
        """;
    String flipped = old.replace("NoSchedule", "NoExecute");
    String flippedWithTime = flipped.replace("2026-01-01", "2026-02-02");

    assertThat(defaults.defaulted(flipped, Optional.of(old), NOW))
        .contains("\"timeAdded\":\"2026-12-07T08:00:00Z\"");
    assertThat(defaults.defaulted(flippedWithTime, Optional.of(old), NOW))
        .isEqualTo(flippedWithTime);
    assertThat(defaults.defaulted(old.replace("\"k\"", "\"k2\""), Optional.of(old), NOW))
        .contains("2026-01-01T00:00:00Z");
  }

  @Test
  @DisplayName("objects of other groups pass through untouched")
  void otherObjects() {
    String node =
        "{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"spec\":{\"taints\":[{\"key\":\"a\"}]}}";

    assertThat(defaults.defaulted(node, Optional.empty(), NOW)).isSameAs(node);
  }
}
