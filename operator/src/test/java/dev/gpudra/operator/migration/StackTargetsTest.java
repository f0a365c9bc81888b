package dev.gpudra.operator.migration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.DrainSpec;
import dev.gpudra.operator.labels.NodeStack;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class StackTargetsTest {
  private static StackTargets targets(String yaml) throws IOException {
    return new StackTargets(
        new ObjectMapper(new YAMLFactory()).readValue(yaml, ClusterPolicySpec.class));
  }

  @Test
  @DisplayName("without a DRA driver every node runs the device plugin")
  void withoutADraDriverEveryNodeRunsTheDevicePlugin() throws IOException {
    assertThat(targets("migration:\n  draNodes: all\n").of(Map.of()))
        .isEqualTo(NodeStack.DEVICE_PLUGIN);
  }

  private static final String DRA = "draDriver:\n  image: gpu-dra\n";
  private static final String SELECTED =
      DRA
          + "migration:\n  draNodes: selected\n  nodeSelector:\n    matchLabels:\n"
          + "      pool: dra\n    matchExpressions:\n    - key: zone\n      operator: NotIn\n"
          + "      values: [b]\n";

  record Target(String name, String yaml, Map<String, String> labels, NodeStack stack) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Target> stacks() {
    return Stream.of(
        new Target("draNodes unset: all", DRA, Map.of(), NodeStack.DRA),
        new Target(
            "draNodes: none",
            DRA + "migration:\n  draNodes: none\n",
            Map.of(),
            NodeStack.DEVICE_PLUGIN),
        new Target(
            "selected, labels match", SELECTED, Map.of("pool", "dra", "zone", "a"), NodeStack.DRA),
        new Target(
            "selected, excluded zone",
            SELECTED,
            Map.of("pool", "dra", "zone", "b"),
            NodeStack.DEVICE_PLUGIN),
        new Target(
            "selected, no pool label", SELECTED, Map.of("zone", "a"), NodeStack.DEVICE_PLUGIN));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("stacks")
  @DisplayName("the DRA driver runs on all, none or the selected nodes")
  void theDraDriverRunsOnAllNoneOrTheSelectedNodes(Target c) throws IOException {
    assertThat(targets(c.yaml()).of(c.labels())).isEqualTo(c.stack());
  }

  @Test
  @DisplayName("selected without a selector is an error naming the field")
  void selectedWithoutASelectorIsAnErrorNamingTheField() {
    assertThatThrownBy(() -> targets("draDriver: {}\nmigration:\n  draNodes: selected\n"))
        .isInstanceOf(InvalidMigrationException.class)
        .hasMessage(
            "spec.migration.nodeSelector is required with spec.migration.draNodes: selected");
  }

  @Test
  @DisplayName(
      "the drain selects pods as NVIDIA's equality-based selector does, never a skipped one")
  void theDrainSelectsPodsAsNvidiasEqualityBasedSelectorAndNeverASkippedOne() {
    GpuPod web = new GpuPod("a", "web", NodeStack.DEVICE_PLUGIN, Map.of("tier", "web"));
    GpuPod batch = new GpuPod("a", "batch", NodeStack.DEVICE_PLUGIN, Map.of("tier", "batch"));
    GpuPod none = new GpuPod("a", "none", NodeStack.DEVICE_PLUGIN, Map.of());

    assertThat(
            DrainPolicy.of(new DrainSpec(true, false, "tier!=web", 300, false))
                .evictable(List.of(web, batch, none)))
        .containsExactly(batch, none);
    assertThat(
            DrainPolicy.of(new DrainSpec(true, false, "tier", 300, false))
                .evictable(List.of(web, batch, none)))
        .containsExactly(web, batch);
    assertThat(
            DrainPolicy.of(new DrainSpec(false, false, null, 300, false)).evictable(List.of(web)))
        .isEmpty();
    GpuPod leaving = new GpuPod("a", "leaving", NodeStack.DEVICE_PLUGIN, Map.of(), true);
    assertThat(
            DrainPolicy.of(new DrainSpec(true, false, null, 300, false))
                .evictable(List.of(leaving, none)))
        .as("a pod already being deleted is waited for, not evicted again")
        .containsExactly(none);
    assertThatThrownBy(
            () -> DrainPolicy.of(new DrainSpec(true, false, "tier in (a,b)", 300, false)))
        .isInstanceOf(InvalidMigrationException.class)
        .hasMessageContaining("spec.migration.drain.podSelector \"tier in (a,b)\"");
  }

  record Unbuilt(String name, DrainSpec spec, String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Unbuilt> unbuilt() {
    return Stream.of(
        new Unbuilt(
            "force",
            new DrainSpec(true, true, null, 300, false),
            "spec.migration.drain.force: true is not built yet"),
        new Unbuilt(
            "timeoutSeconds",
            new DrainSpec(true, false, null, 60, false),
            "spec.migration.drain.timeoutSeconds: 60 is not built yet"),
        new Unbuilt(
            "deleteEmptyDir",
            new DrainSpec(true, false, null, 300, true),
            "spec.migration.drain.deleteEmptyDir: true is not built yet"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("unbuilt")
  @DisplayName("drain settings not applied yet are refused by their path")
  void drainSettingsNotAppliedYetAreRefusedByTheirPath(Unbuilt c) {
    assertThatThrownBy(() -> DrainPolicy.of(c.spec()))
        .isInstanceOf(InvalidMigrationException.class)
        .hasMessageStartingWith(c.message());
  }
}
