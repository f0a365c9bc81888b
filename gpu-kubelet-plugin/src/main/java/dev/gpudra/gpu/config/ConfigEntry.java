package dev.gpudra.gpu.config;

import dev.gpudra.api.v1beta1.DeviceConfig;
import dev.gpudra.api.v1beta1.GpuConfig;
import dev.gpudra.api.v1beta1.MigDeviceConfig;
import dev.gpudra.api.v1beta1.VfioDeviceConfig;
import dev.gpudra.gpu.discovery.DeviceType;
import java.util.List;
import java.util.Objects;

/**
 * One decoded {@code status.allocation.devices.config[index]} entry of our driver.
 *
 * @param index position in the claim's list, for error messages
 * @param requests the request names it targets; empty means every request
 */
public record ConfigEntry(int index, List<String> requests, DeviceConfig config) {
  public ConfigEntry {
    requests = List.copyOf(requests);
    Objects.requireNonNull(config, "config");
  }

  /** Whether this entry names the device's request, by full name or by base request name. */
  public boolean names(AllocatedDevice device) {
    return requests.contains(device.request()) || requests.contains(device.baseRequest());
  }

  public boolean targetsAllRequests() {
    return requests.isEmpty();
  }

  /** Whether this entry's kind is the one for devices of {@code type}. */
  public boolean fits(DeviceType type) {
    return kindFor(type).equals(config.kind());
  }

  /** The config kind that belongs to a device type. */
  public static String kindFor(DeviceType type) {
    return switch (type) {
      case GPU -> GpuConfig.KIND;
      case MIG -> MigDeviceConfig.KIND;
      case VFIO -> VfioDeviceConfig.KIND;
    };
  }

  /** Where the entry sits in the claim, e.g. {@code status.allocation.devices.config[2]}. */
  public String location() {
    return "status.allocation.devices.config[" + index + "]";
  }
}
