package dev.gpudra.benchmarks;

import dev.gpudra.deviceclasses.model.NvidiaDeviceClass;

/** The CEL selectors measured: the class selector and two request selectors. */
final class Selectors {
  /** The {@code gpu.nvidia.com} DeviceClass selector, as the chart renders it. */
  static final String GPU_CLASS = NvidiaDeviceClass.GPU.selector();

  static final String MEMORY_AT_LEAST_40GI =
      "device.capacity['gpu.nvidia.com'].memory.compareTo(quantity('40Gi')) >= 0";

  static final String DRIVER_AT_LEAST_550 =
      "device.attributes['gpu.nvidia.com'].driverVersion.compareTo(semver('550.0.0')) >= 0";

  private Selectors() {}
}
