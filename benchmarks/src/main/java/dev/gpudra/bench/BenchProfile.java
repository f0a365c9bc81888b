package dev.gpudra.bench;

import io.fabric8.kubernetes.api.model.resource.v1.Device;
import java.util.List;
import java.util.Objects;

/**
 * A simulated GPU profile and the devices the plugin publishes for it.
 *
 * @param name a built-in profile name, passed to the plugin as {@code --simulated-gpus}
 * @param devices the devices, in published order
 */
public record BenchProfile(String name, List<Device> devices) {
  public BenchProfile {
    Objects.requireNonNull(name, "name");
    devices = List.copyOf(devices);
    if (devices.isEmpty()) {
      throw new IllegalArgumentException("profile " + name + " has no devices");
    }
  }

  public List<String> deviceNames() {
    return devices.stream().map(Device::getName).toList();
  }
}
