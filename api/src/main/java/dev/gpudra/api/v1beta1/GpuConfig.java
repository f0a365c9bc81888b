package dev.gpudra.api.v1beta1;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.featuregates.FeatureGates;

/** Configuration for full GPUs ({@code type: gpu}); {@code sharing} may be null. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GpuConfig(GpuSharing sharing) implements DeviceConfig {
  public static final String KIND = "GpuConfig";

  @Override
  public String kind() {
    return KIND;
  }

  /**
   * No sharing stays no sharing: since NVIDIA's 0.5 a claim without a config gets no time slice,
   * even with TimeSlicingSettings on.
   */
  @Override
  public GpuConfig normalize(FeatureGates gates) {
    if (sharing == null) {
      return this;
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
