package dev.gpudra.bench;

import dev.gpudra.gpu.discovery.DeviceDiscovery;
import dev.gpudra.gpu.discovery.Inventory;
import dev.gpudra.gpu.plugin.NvmlFactory;
import dev.gpudra.gpu.slices.DeviceModel;
import dev.gpudra.nvml.Nvml;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

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

  /** The devices the plugin publishes for a built-in simulated profile on {@code nodeName}. */
  public static BenchProfile simulated(String profile, String nodeName) {
    Inventory inventory;
    try (Nvml nvml = NvmlFactory.open(Optional.of(profile), Path.of("/"), nodeName)) {
      inventory = new DeviceDiscovery(nvml).discover();
    }
    return new BenchProfile(
        profile, new DeviceModel(inventory.system()).devices(inventory.devices()));
  }

  public List<String> deviceNames() {
    return devices.stream().map(Device::getName).toList();
  }
}
