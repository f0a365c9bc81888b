package dev.gpudra.api.v1beta1;

import dev.gpudra.api.featuregates.FeatureGates;

/**
 * One opaque configuration object of NVIDIA's drivers: {@code gpu.nvidia.com}'s GPU, MIG and VFIO
 * configs, {@code compute-domain.nvidia.com}'s channel and daemon configs.
 */
public sealed interface DeviceConfig
    permits GpuConfig,
        MigDeviceConfig,
        VfioDeviceConfig,
        ComputeDomainChannelConfig,
        ComputeDomainDaemonConfig {

  /** The group and version every config object carries in {@code apiVersion}. */
  String API_VERSION = "resource.nvidia.com/v1beta1";

  /** The {@code kind} of this object, e.g. {@code GpuConfig}. */
  String kind();

  /** Fills defaults that depend on the feature gates; returns a new value, never null. */
  DeviceConfig normalize(FeatureGates gates);

  /**
   * Checks the rules that depend on the feature gates.
   *
   * @throws InvalidConfigException naming the offending field
   */
  void validate(FeatureGates gates);
}
