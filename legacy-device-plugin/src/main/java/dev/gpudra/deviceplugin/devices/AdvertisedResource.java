package dev.gpudra.deviceplugin.devices;

import dev.gpudra.deviceplugin.allocation.GpuLinks;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One resource the plugin serves on its own socket.
 *
 * @param name the extended resource, e.g. {@code nvidia.com/gpu} or {@code nvidia.com/gpu.shared}
 * @param devices its devices, in the GPUs' order
 * @param sharing how its devices are shared: replicas (time-sliced or MPS) count in requests, GPUs
 *     are given once
 * @param failRequestsGreaterThanOne refuse a container asking for more than one replica
 * @param links how its whole GPUs are linked, read once at start; empty for replicas and MIG
 *     devices, or where NVML did not tell
 */
public record AdvertisedResource(
    String name,
    List<AdvertisedDevice> devices,
    SharingKind sharing,
    boolean failRequestsGreaterThanOne,
    Optional<GpuLinks> links) {
  public AdvertisedResource {
    devices = List.copyOf(devices);
    Objects.requireNonNull(sharing, "sharing");
    Objects.requireNonNull(links, "links");
    if (links.isPresent() && !wholeGpus(devices, sharing)) {
      throw new IllegalArgumentException(name + ": links are only for whole GPUs");
    }
  }

  /** A resource whose links are not known (yet). */
  public AdvertisedResource(
      String name,
      List<AdvertisedDevice> devices,
      SharingKind sharing,
      boolean failRequestsGreaterThanOne) {
    this(name, devices, sharing, failRequestsGreaterThanOne, Optional.empty());
  }

  /** The same resource with its whole GPUs' links. */
  public AdvertisedResource withLinks(GpuLinks gpuLinks) {
    return new AdvertisedResource(
        name, devices, sharing, failRequestsGreaterThanOne, Optional.of(gpuLinks));
  }

  /** Whether its devices are whole GPUs: no replicas, no MIG devices. */
  public boolean wholeGpus() {
    return wholeGpus(devices, sharing);
  }

  /** Whether its devices are replicas of GPUs (time-sliced or MPS). */
  public boolean shared() {
    return sharing != SharingKind.NONE;
  }

  private static boolean wholeGpus(List<AdvertisedDevice> devices, SharingKind sharing) {
    return sharing == SharingKind.NONE && devices.stream().allMatch(d -> d.mig().isEmpty());
  }

  /**
   * Whether GetPreferredAllocation is offered: for replicas and MIG devices (NVIDIA's greedy
   * policies), and for whole GPUs once their links are known (NVIDIA's best-effort policy).
   */
  public boolean preferredAllocation() {
    return !wholeGpus() || links.isPresent();
  }

  /** NVIDIA's socket file name: {@code nvidia-<name after nvidia.com/>.sock}. */
  public String socketName() {
    return "nvidia-" + name.substring(name.indexOf('/') + 1) + ".sock";
  }
}
