package dev.gpudra.api.v1beta1;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.featuregates.FeatureGates;

/**
 * How a full GPU is shared. Each strategy may carry only its own settings block.
 *
 * @param strategy required
 * @param timeSlicingConfig only with {@code TimeSlicing}
 * @param mpsConfig only with {@code MPS}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GpuSharing(
    SharingStrategy strategy, TimeSlicingConfig timeSlicingConfig, MpsConfig mpsConfig) {

  public GpuSharing {
    SharingRules.checkShape(strategy, timeSlicingConfig != null, mpsConfig != null);
  }

  GpuSharing normalize(FeatureGates gates) {
    if (strategy == SharingStrategy.TIME_SLICING) {
      TimeSlicingConfig slicing =
          timeSlicingConfig == null ? new TimeSlicingConfig(null) : timeSlicingConfig;
      return new GpuSharing(strategy, slicing.normalize(), null);
    }
    return new GpuSharing(strategy, null, SharingRules.normalizeMps(gates, mpsConfig));
  }

  void validate(FeatureGates gates, String field) {
    SharingRules.checkGate(strategy, gates, field);
    if (mpsConfig != null) {
      mpsConfig.validate(field + ".mpsConfig");
    }
  }
}
