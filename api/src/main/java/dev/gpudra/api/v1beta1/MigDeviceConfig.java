package dev.gpudra.api.v1beta1;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.api.featuregates.FeatureGates;

/** Configuration for MIG devices ({@code type: mig}); {@code sharing} may be null. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MigDeviceConfig(MigDeviceSharing sharing) implements DeviceConfig {
  public static final String KIND = "MigDeviceConfig";

  @Override
  public String kind() {
    return KIND;
  }

  /** With TimeSlicingSettings on, no sharing means TimeSlicing. */
  @Override
  public MigDeviceConfig normalize(FeatureGates gates) {
    if (sharing == null) {
      if (!gates.enabled(FeatureGate.TIME_SLICING_SETTINGS)) {
        return this;
      }
      return new MigDeviceConfig(new MigDeviceSharing(SharingStrategy.TIME_SLICING, null));
    }
    return new MigDeviceConfig(sharing.normalize(gates));
  }

  @Override
  public void validate(FeatureGates gates) {
    if (sharing != null) {
      sharing.validate(gates, "sharing");
    }
  }
}
