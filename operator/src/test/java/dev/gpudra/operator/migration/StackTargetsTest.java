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
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

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

  @Test
  @DisplayName("the DRA driver runs on all, none or the selected nodes")
  void theDraDriverRunsOnAllNoneOrTheSelectedNodes() throws IOException {
    String dra = "draDriver:\n  image: gpu-dra\n";
    StackTargets selected =
        targets(
            dra
                + "migration:\n  draNodes: selected\n  nodeSelector:\n    matchLabels:\n"
                + "      pool: dra\n    matchExpressions:\n    - key: zone\n      operator: NotIn\n"
                + "      values: [b]\n");

    assertThat(targets(dra).of(Map.of())).isEqualTo(NodeStack.DRA);
    assertThat(targets(dra + "migration:\n  draNodes: none\n").of(Map.of()))
        .isEqualTo(NodeStack.DEVICE_PLUGIN);
    assertThat(selected.of(Map.of("pool", "dra", "zone", "a"))).isEqualTo(NodeStack.DRA);
    assertThat(selected.of(Map.of("pool", "dra", "zone", "b"))).isEqualTo(NodeStack.DEVICE_PLUGIN);
    assertThat(selected.of(Map.of("zone", "a"))).isEqualTo(NodeStack.DEVICE_PLUGIN);
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

  @Test
  @DisplayName("drain settings not applied yet are refused by their path")
  void drainSettingsNotAppliedYetAreRefusedByTheirPath() {
    assertThatThrownBy(() -> DrainPolicy.of(new DrainSpec(true, true, null, 300, false)))
        .isInstanceOf(InvalidMigrationException.class)
        .hasMessageStartingWith("spec.migration.drain.force: true is not built yet");
    assertThatThrownBy(() -> DrainPolicy.of(new DrainSpec(true, false, null, 60, false)))
        .hasMessageStartingWith("spec.migration.drain.timeoutSeconds: 60 is not built yet");
    assertThatThrownBy(() -> DrainPolicy.of(new DrainSpec(true, false, null, 300, true)))
        .hasMessageStartingWith("spec.migration.drain.deleteEmptyDir: true is not built yet");
  }
}
