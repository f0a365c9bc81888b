package dev.gpudra.gpu.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.gpu.slices.ConsumableShares;
import dev.gpudra.kit.served.SliceField;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServedSliceFieldsTest {
  private static final Set<SliceField> NONE = EnumSet.noneOf(SliceField.class);
  @TempDir Path root;

  private GpuPluginConfig config(String gates, ConsumableShares shares) {
    return new NodeDirs(root)
        .config("node-a", "dgx-h100", FeatureGates.parse(gates), Optional.empty(), shares);
  }

  @Test
  @DisplayName("DynamicMIG without shared counters is refused, naming the gate that keeps them")
  void dynamicMig() {
    assertThatThrownBy(() ->
            ServedSliceFields.check(config("DynamicMIG=true", ConsumableShares.DISABLED), NONE))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "DynamicMIG (--feature-gates) needs devices[].consumesCounters in ResourceSlices, but"
                + " the API server drops devices[].consumesCounters (kube-apiserver feature gate"
                + " DRAPartitionableDevices is off; on by default from Kubernetes 1.36): turn the"
                + " gate on in kube-apiserver and kube-scheduler, or the mode off");
    assertThat(
            ServedSliceFields.check(
                config("DynamicMIG=true", ConsumableShares.DISABLED),
                EnumSet.of(SliceField.SHARED_COUNTERS)))
        .containsExactly(SliceField.SHARED_COUNTERS);
  }

  @Test
  @DisplayName("compatibility groups the API server drops are refused, naming its gate")
  void compatibilityGroups() {
    GpuPluginConfig both =
        config(
            "DynamicMIG=true,PassthroughSupport=true,DeviceCompatibilityGroups=true",
            ConsumableShares.DISABLED);
    assertThatThrownBy(() -> ServedSliceFields.check(both, EnumSet.of(SliceField.SHARED_COUNTERS)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(
            "DeviceCompatibilityGroups (--feature-gates) needs"
                + " devices[].consumesCounters[].compatibilityGroups in ResourceSlices")
        .hasMessageContaining("DRADeviceCompatibilityGroups");
    assertThat(
            ServedSliceFields.check(
                both, EnumSet.of(SliceField.SHARED_COUNTERS, SliceField.COMPATIBILITY_GROUPS)))
        .contains(SliceField.COMPATIBILITY_GROUPS);
  }

  @Test
  @DisplayName("consumable shares without allowMultipleAllocations are refused")
  void consumableShares() {
    assertThatThrownBy(() ->
            ServedSliceFields.check(
                config("ConsumableShares=true", ConsumableShares.parse("memory")), NONE))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("--consumable-shares needs devices[].allowMultipleAllocations")
        .hasMessageContaining("DRAConsumableCapacity");
  }

  @Test
  @DisplayName("health without taints starts: the kubelet still hears it, the slices carry none")
  void healthWithoutTaints() {
    assertThat(
            ServedSliceFields.check(
                config("NVMLDeviceHealthCheck=true", ConsumableShares.DISABLED), NONE))
        .isEmpty();
  }

  @Test
  @DisplayName(
      "DRAListTypeAttributes where the API server drops list attributes is refused naming its"
          + " gate: every slice would be refused")
  void listAttributes() {
    assertThatThrownBy(() ->
            ServedSliceFields.check(
                config("DRAListTypeAttributes=true", ConsumableShares.DISABLED), NONE))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("DRAListTypeAttributes (--feature-gates) needs")
        .hasMessageContaining("kube-apiserver feature gate DRAListTypeAttributes");
    assertThat(
            ServedSliceFields.check(
                config("DRAListTypeAttributes=true", ConsumableShares.DISABLED),
                EnumSet.of(SliceField.LIST_ATTRIBUTES)))
        .containsExactly(SliceField.LIST_ATTRIBUTES);
  }
}
