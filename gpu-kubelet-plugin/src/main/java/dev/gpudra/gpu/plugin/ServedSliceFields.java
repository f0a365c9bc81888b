package dev.gpudra.gpu.plugin;

import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.kit.served.SliceField;
import dev.gpudra.kit.served.SliceFieldProbe;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.EnumSet;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the plugin may publish, by what the API server keeps (1.34 and 1.35 drop taints, counters
 * and consumable capacity unless their gates are on). A mode that needs a dropped field is refused
 * at start: DynamicMIG without shared counters would let claims overcommit a GPU, consumable shares
 * without {@code allowMultipleAllocations} would publish GPUs nobody can share, and
 * DeviceCompatibilityGroups would publish both modes of a GPU without telling them apart. Health
 * without taints still reaches the kubelet; the slices then carry none.
 */
final class ServedSliceFields {
  private static final Logger log = LoggerFactory.getLogger(ServedSliceFields.class);

  private ServedSliceFields() {}

  /**
   * Asks the API server only when a mode that publishes such a field is on.
   *
   * @throws IllegalStateException naming the mode, the dropped field and the gate that keeps it
   */
  static Set<SliceField> probe(GpuPluginConfig config, KubernetesClient client) {
    if (!config.featureGates().enabled(FeatureGate.DYNAMIC_MIG)
        && !config.consumableShares().enabled()
        && !config.featureGates().enabled(FeatureGate.NVML_DEVICE_HEALTH_CHECK)
        && !config.featureGates().enabled(FeatureGate.DRA_LIST_TYPE_ATTRIBUTES)) {
      return EnumSet.allOf(SliceField.class);
    }
    return check(
        config,
        new SliceFieldProbe(client, GpuPluginConfig.DRIVER_NAME, config.nodeName()).served());
  }

  /**
   * @throws IllegalStateException naming the mode, the dropped field and the gate that keeps it
   */
  static Set<SliceField> check(GpuPluginConfig config, Set<SliceField> served) {
    boolean health = config.featureGates().enabled(FeatureGate.NVML_DEVICE_HEALTH_CHECK);
    if (config.featureGates().enabled(FeatureGate.DYNAMIC_MIG)) {
      require(served, SliceField.SHARED_COUNTERS, "DynamicMIG (--feature-gates)");
    }
    if (config.consumableShares().enabled()) {
      require(served, SliceField.CONSUMABLE_CAPACITY, "--consumable-shares");
    }
    if (config.featureGates().enabled(FeatureGate.DEVICE_COMPATIBILITY_GROUPS)) {
      // both modes of a GPU are published only where the scheduler sees which is which
      require(
          served, SliceField.COMPATIBILITY_GROUPS, "DeviceCompatibilityGroups (--feature-gates)");
    }
    if (config.featureGates().enabled(FeatureGate.DRA_LIST_TYPE_ATTRIBUTES)) {
      // a slice whose list attribute the server drops is refused whole: nothing would publish
      require(served, SliceField.LIST_ATTRIBUTES, "DRAListTypeAttributes (--feature-gates)");
    }
    if (health && !served.contains(SliceField.DEVICE_TAINTS)) {
      log.warn(
          "NVMLDeviceHealthCheck: {}: unhealthy devices reach the kubelet and pod status, but"
              + " their slices carry no taint, so the scheduler may still choose them",
          SliceField.DEVICE_TAINTS.dropped());
    }
    return served;
  }

  private static void require(Set<SliceField> served, SliceField field, String mode) {
    if (!served.contains(field)) {
      throw new IllegalStateException(
          mode
              + " needs "
              + field.field()
              + " in ResourceSlices, but "
              + field.dropped()
              + ": turn the gate on in kube-apiserver and kube-scheduler, or the mode off");
    }
  }
}
