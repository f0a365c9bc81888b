package dev.gpudra.deviceplugin.devices;

import java.util.List;

/**
 * One resource the plugin serves on its own socket.
 *
 * @param name the extended resource, e.g. {@code nvidia.com/gpu} or {@code nvidia.com/gpu.shared}
 * @param devices its devices, in the GPUs' order
 * @param shared whether its devices are replicas (requests count replicas, GPUs are given once)
 * @param failRequestsGreaterThanOne refuse a container asking for more than one replica
 */
public record AdvertisedResource(
    String name,
    List<AdvertisedDevice> devices,
    boolean shared,
    boolean failRequestsGreaterThanOne) {
  public AdvertisedResource {
    devices = List.copyOf(devices);
  }

  /**
   * Whether GetPreferredAllocation is offered: for replicas and MIG devices (NVIDIA's greedy
   * policies); whole GPUs need the NVLink/PCIe links our NVML port does not read yet.
   */
  public boolean preferredAllocation() {
    return shared || devices.stream().anyMatch(d -> d.mig().isPresent());
  }

  /** NVIDIA's socket file name: {@code nvidia-<name after nvidia.com/>.sock}. */
  public String socketName() {
    return "nvidia-" + name.substring(name.indexOf('/') + 1) + ".sock";
  }
}
