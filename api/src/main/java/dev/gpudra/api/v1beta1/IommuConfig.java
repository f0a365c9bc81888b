package dev.gpudra.api.v1beta1;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * IOMMU settings of a passthrough device.
 *
 * @param backendPolicy default {@code LegacyOnly}
 * @param enableAPIDevice inject {@code /dev/iommu} or {@code /dev/vfio/vfio}; default false
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record IommuConfig(IommuBackendPolicy backendPolicy, Boolean enableAPIDevice) {

  IommuConfig normalize() {
    return new IommuConfig(
        backendPolicy == null ? IommuBackendPolicy.LEGACY_ONLY : backendPolicy,
        enableAPIDevice != null && enableAPIDevice);
  }
}
