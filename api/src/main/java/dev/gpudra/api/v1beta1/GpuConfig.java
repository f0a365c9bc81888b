package dev.gpudra.api.v1beta1;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.api.featuregates.FeatureGates;

/** Configuration for full GPUs ({@code type: gpu}); {@code sharing} may be null. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GpuConfig(GpuSharing sharing) implements DeviceConfig {
  public static final String KIND = "GpuConfig";

  @Override
  public String kind() {
    return KIND;
  }

  /** With TimeSlicingSettings on, no sharing means TimeSlicing with the Default interval. */
  @Override
  public GpuConfig normalize(FeatureGates gates) {
    if (sharing == null) {
      if (!gates.enabled(FeatureGate.TIME_SLICING_SETTINGS)) {
        return this;
      }
      return new GpuConfig(new GpuSharing(SharingStrategy.TIME_SLICING, null, null))
          .normalize(gates);
    }
    return new GpuConfig(sharing.normalize(gates));
  }

  @Override
  public void validate(FeatureGates gates) {
    if (sharing != null) {
      sharing.validate(gates, "sharing");
    }
  }
}
