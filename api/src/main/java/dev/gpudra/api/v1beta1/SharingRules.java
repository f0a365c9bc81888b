package dev.gpudra.api.v1beta1;

import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.api.featuregates.FeatureGates;

/** Rules shared by {@link GpuSharing} and {@link MigDeviceSharing}. */
final class SharingRules {
  private SharingRules() {}

  /** Rules that hold whatever the gates say; checked when the config is read. */
  static void checkShape(SharingStrategy strategy, boolean hasTimeSlicing, boolean hasMps) {
    if (strategy == null) {
      throw new InvalidConfigException(
          "strategy",
          "missing GPU sharing strategy, supported GPU sharing strategies: TimeSlicing, MPS");
    }
    if (strategy == SharingStrategy.TIME_SLICING && hasMps) {
      throw new InvalidConfigException(
          "mpsConfig", "not allowed with GPU sharing strategy \"TimeSlicing\"");
    }
    if (strategy == SharingStrategy.MPS && hasTimeSlicing) {
      throw new InvalidConfigException(
          "timeSlicingConfig", "not allowed with GPU sharing strategy \"MPS\"");
    }
  }

  static MpsConfig normalizeMps(FeatureGates gates, MpsConfig mps) {
    if (mps == null && gates.enabled(FeatureGate.MPS_SUPPORT)) {
      return MpsConfig.empty();
    }
    return mps;
  }

  static void checkGate(SharingStrategy strategy, FeatureGates gates, String field) {
    FeatureGate gate =
        strategy == SharingStrategy.TIME_SLICING
            ? FeatureGate.TIME_SLICING_SETTINGS
            : FeatureGate.MPS_SUPPORT;
    if (!gates.enabled(gate)) {
      throw new InvalidConfigException(
          field + ".strategy",
          "\""
              + strategy.value()
              + "\" is selected as the GPU sharing strategy, but the \""
              + gate.key()
              + "\" feature gate is not enabled");
    }
  }
}
