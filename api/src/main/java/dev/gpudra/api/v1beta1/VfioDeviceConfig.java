package dev.gpudra.api.v1beta1;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.api.featuregates.FeatureGates;

/** Configuration for GPUs handed to a VM through {@code vfio-pci} ({@code type: vfio}). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record VfioDeviceConfig(IommuConfig iommu) implements DeviceConfig {
  public static final String KIND = "VfioDeviceConfig";

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public VfioDeviceConfig normalize(FeatureGates gates) {
    return new VfioDeviceConfig((iommu == null ? new IommuConfig(null, null) : iommu).normalize());
  }

  @Override
  public void validate(FeatureGates gates) {
    if (!gates.enabled(FeatureGate.PASSTHROUGH_SUPPORT)) {
      throw new InvalidConfigException(
          "\"VfioDeviceConfig\" is used, but the \"PassthroughSupport\" feature gate is not"
              + " enabled");
    }
  }
}
