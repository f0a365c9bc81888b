package dev.gpudra.api.v1beta1;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.featuregates.FeatureGates;

/**
 * How a MIG device is shared. There is no time-slicing block: MIG devices accept the {@code
 * TimeSlicing} strategy but have no interval to set.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MigDeviceSharing(SharingStrategy strategy, MpsConfig mpsConfig) {

  public MigDeviceSharing {
    SharingRules.checkShape(strategy, false, mpsConfig != null);
  }

  MigDeviceSharing normalize(FeatureGates gates) {
    if (strategy == SharingStrategy.MPS) {
      return new MigDeviceSharing(strategy, SharingRules.normalizeMps(gates, mpsConfig));
    }
    return this;
  }

  void validate(FeatureGates gates, String field) {
    SharingRules.checkGate(strategy, gates, field);
    if (mpsConfig != null) {
      mpsConfig.validate(field + ".mpsConfig");
    }
  }
}
