package dev.gpudra.gpu.plugin;

import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.api.featuregates.FeatureGates;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The GPU plugin's feature gates that gpu-dra does not implement yet. NVIDIA's plugin accepts them;
 * ours refuses to start with one of them on, rather than accept the gate and ignore it
 * (TimeSlicingSettings, MPSSupport, NVMLDeviceHealthCheck, DynamicMIG, PassthroughSupport and
 * DeviceMetadata are implemented). The compute-domain gates (IMEXDaemonsWithDNSNames,
 * ComputeDomainCliques, CrashOnNVLinkFabricErrors) are accepted: the chart passes one FEATURE_GATES
 * to every component and NVIDIA's GPU plugin ignores them too.
 */
public final class ImplementedGates {
  static final Set<FeatureGate> NOT_YET =
      EnumSet.of(
          // klog's alpha logging options: this plugin logs through SLF4J and has none of them
          FeatureGate.LOGGING_ALPHA_OPTIONS);

  private ImplementedGates() {}

  /**
   * @throws IllegalArgumentException naming every enabled gate this plugin does not implement
   */
  static void require(FeatureGates gates) {
    List<String> refused =
        NOT_YET.stream().filter(gates::enabled).map(FeatureGate::key).sorted().toList();
    if (!refused.isEmpty()) {
      throw new IllegalArgumentException(
          "--feature-gates (FEATURE_GATES): "
              + String.join(", ", refused)
              + (refused.size() == 1 ? " is" : " are")
              + " not implemented by gpu-dra's GPU kubelet plugin yet; it would be accepted and"
              + " ignored, so the plugin refuses to start: turn "
              + (refused.size() == 1 ? "it" : "them")
              + " off (featureGates in the chart)");
    }
  }
}
