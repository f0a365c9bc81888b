package dev.gpudra.deviceplugin.mps;

import dev.gpudra.deviceplugin.devices.AdvertisedDevice;
import dev.gpudra.deviceplugin.devices.AdvertisedResource;
import dev.gpudra.deviceplugin.devices.SharingKind;
import dev.gpudra.node.mps.ControlDaemonSettings;
import dev.gpudra.nvml.GpuInfo;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The MPS control daemon of one resource shared through MPS: its GPUs, each split into {@code
 * replicas}, each replica with {@code 1/replicas} of the GPU's memory (pinned limit, MiB) and of
 * its threads, as NVIDIA's daemon sets them.
 *
 * @param resource the advertised resource, e.g. {@code nvidia.com/gpu}
 * @param gpus its GPUs, in order
 * @param replicas replicas per GPU
 */
public record ResourceDaemon(String resource, List<GpuInfo> gpus, int replicas) {
  private static final long MIB = 1024L * 1024L;

  public ResourceDaemon {
    gpus = List.copyOf(gpus);
    if (replicas < 1) {
      throw new IllegalArgumentException(resource + ": replicas must be at least 1");
    }
  }

  /** The daemons of a node's resources: one per MPS-shared resource that has devices. */
  public static List<ResourceDaemon> of(List<AdvertisedResource> resources) {
    return resources.stream()
        .filter(r -> r.sharing() == SharingKind.MPS && !r.devices().isEmpty())
        .map(ResourceDaemon::of)
        .toList();
  }

  private static ResourceDaemon of(AdvertisedResource resource) {
    Map<String, GpuInfo> gpus = new LinkedHashMap<>();
    for (AdvertisedDevice device : resource.devices()) {
      gpus.putIfAbsent(device.gpu().uuid(), device.gpu());
    }
    return new ResourceDaemon(
        resource.name(), List.copyOf(gpus.values()), resource.devices().size() / gpus.size());
  }

  /** {@code set_default_device_pinned_mem_limit} per GPU UUID: memory / replicas, in MiB. */
  public Map<String, String> pinnedLimits() {
    Map<String, String> limits = new LinkedHashMap<>();
    for (GpuInfo gpu : gpus) {
      if (gpu.memoryBytes() > 0) {
        limits.put(gpu.uuid(), gpu.memoryBytes() / replicas / MIB + "M");
      }
    }
    return limits;
  }

  /** {@code set_default_active_thread_percentage}: 100 / replicas. */
  public int activeThreadPercentage() {
    return 100 / replicas;
  }

  /**
   * @param root the MPS root as this process sees it
   * @param driverRoot where the driver's {@code nvidia-cuda-mps-control} is
   */
  public ControlDaemonSettings settings(MpsRoot root, Path driverRoot) {
    return new ControlDaemonSettings(
        driverRoot,
        root.pipeDir(resource),
        root.logDir(resource),
        Optional.of(activeThreadPercentage()),
        pinnedLimits(),
        Duration.ofSeconds(10),
        false);
  }
}
