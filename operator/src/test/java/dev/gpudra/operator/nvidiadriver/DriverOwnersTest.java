package dev.gpudra.operator.nvidiadriver;

import static dev.gpudra.operator.nvidiadriver.NvidiaDrivers.driver;
import static dev.gpudra.operator.nvidiadriver.NvidiaDrivers.ubuntu;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.api.nvidiadriver.NvidiaDriver;
import io.fabric8.kubernetes.api.model.Node;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DriverOwnersTest {
  private final List<Node> nodes =
      List.of(
          ubuntu("a100-1", Map.of("pool", "a100")),
          ubuntu("h100-1", Map.of("pool", "h100")),
          ubuntu("h100-2", Map.of("pool", "h100")),
          ubuntu("other", Map.of()));

  @Test
  @DisplayName("a selector owns the nodes it matches, the default the rest")
  void selectorThenDefault() {
    DriverOwners owners =
        DriverOwners.assign(
            List.of(
                driver("default", "default: true"), driver("h100", "nodeSelector: {pool: h100}")),
            nodes);
    assertThat(owners.byNode())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of("a100-1", "default", "h100-1", "h100", "h100-2", "h100", "other", "default"));
  }

  @Test
  @DisplayName("without a default, a node no selector matches has no owner")
  void noDefault() {
    DriverOwners owners =
        DriverOwners.assign(List.of(driver("a100", "nodeSelector: {pool: a100}")), nodes);
    assertThat(owners.byNode()).containsExactly(Map.entry("a100-1", "a100"));
    assertThat(owners.of("other")).isEmpty();
  }

  @Test
  @DisplayName("a driver without nodeSelector that is not the default owns every GPU node")
  void noSelectorMatchesAll() {
    assertThat(DriverOwners.assign(List.of(driver("all", "")), nodes).byNode())
        .hasSize(4)
        .containsValue("all");
    assertThat(DriverOwners.selector(driver("all", "")))
        .containsExactly(Map.entry("nvidia.com/gpu.present", "true"));
  }

  @Test
  @DisplayName("two selectors on one node are refused naming the node and both drivers")
  void overlap() {
    assertThatThrownBy(() ->
            DriverOwners.assign(
                List.of(
                    driver("h100", "nodeSelector: {pool: h100}"),
                    driver("everything", "nodeSelector: {nvidia.com/gpu.present: 'true'}")),
                nodes))
        .isInstanceOfSatisfying(
            InvalidNvidiaDriverException.class, e -> assertThat(e.conflictingSelectors()).isTrue())
        .hasMessageContaining(
            "multiple NVIDIADrivers match the same node h100-1: [everything, h100]");
    assertThatThrownBy(() ->
            DriverOwners.assign(
                List.of(
                    driver("h100", "nodeSelector: {pool: h100}"),
                    driver("h100-too", "nodeSelector: {pool: h100}")),
                nodes))
        .hasMessageContaining("same node h100-1: [h100, h100-too]");
  }

  @Test
  @DisplayName("two defaults, a default with a selector, a selector on the owner label: refused")
  void invalid() {
    assertThatThrownBy(() ->
            DriverOwners.assign(
                List.of(driver("b", "default: true"), driver("a", "default: true")), nodes))
        .isInstanceOfSatisfying(
            InvalidNvidiaDriverException.class, e -> assertThat(e.conflictingSelectors()).isFalse())
        .hasMessageContaining("multiple default NVIDIADrivers found: [a, b]");
    assertThatThrownBy(() ->
            DriverOwners.assign(
                List.of(driver("d", "{default: true, nodeSelector: {pool: h100}}")), nodes))
        .hasMessageContaining("NVIDIADriver d: spec.nodeSelector: a default NVIDIADriver cannot");
    assertThatThrownBy(() ->
            DriverOwners.assign(
                List.of(driver("x", "nodeSelector: {nvidia.com/gpu-operator.driver.owner: x}")),
                nodes))
        .hasMessageContaining("NVIDIADriver x: spec.nodeSelector cannot use the reserved label");
  }

  @Test
  @DisplayName("a driver being deleted owns nothing and conflicts with nothing")
  void deleting() {
    NvidiaDriver leaving = driver("old", "default: true");
    leaving.getMetadata().setDeletionTimestamp("2026-12-06T00:00:00Z");
    assertThat(
            DriverOwners.assign(List.of(leaving, driver("new", "default: true")), nodes).byNode())
        .hasSize(4)
        .doesNotContainValue("old");
  }
}
