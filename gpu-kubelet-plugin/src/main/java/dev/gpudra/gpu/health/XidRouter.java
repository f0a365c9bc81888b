package dev.gpudra.gpu.health;

import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.gpu.discovery.StaticMigDevice;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.XidEvent;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which published devices an XID is about, by (GPU UUID, GI, CI) as NVIDIA's plugin maps them: a
 * whole-GPU event taints the GPU's every device (the full GPU, or each of its MIG devices), a MIG
 * device's event that device only.
 */
final class XidRouter {
  private final List<AllocatableDevice> devices;

  XidRouter(List<AllocatableDevice> devices) {
    this.devices = List.copyOf(devices);
  }

  List<String> devices(XidEvent event) {
    return devices.stream()
        .filter(d -> d.gpu().uuid().equals(event.gpuUuid()))
        .filter(d -> event.wholeGpu() || isMigDevice(d, event))
        .map(AllocatableDevice::name)
        .toList();
  }

  private static boolean isMigDevice(AllocatableDevice device, XidEvent event) {
    return device instanceof StaticMigDevice mig
        && mig.mig().gpuInstanceId() == event.gpuInstanceId()
        && mig.mig().computeInstanceId() == event.computeInstanceId();
  }

  /** The devices on a physical GPU. */
  List<String> devicesOf(GpuInfo gpu) {
    return devices.stream()
        .filter(d -> d.gpu().uuid().equals(gpu.uuid()))
        .map(AllocatableDevice::name)
        .toList();
  }

  /** The physical GPU with this UUID, if it has a published device. */
  Optional<GpuInfo> gpu(String uuid) {
    return gpus().stream().filter(g -> g.uuid().equals(uuid)).findFirst();
  }

  /** Every physical GPU that has a published device, in publication order. */
  List<GpuInfo> gpus() {
    Map<String, GpuInfo> gpus = new LinkedHashMap<>();
    devices.forEach(d -> gpus.putIfAbsent(d.gpu().uuid(), d.gpu()));
    return List.copyOf(gpus.values());
  }

  List<String> names() {
    return devices.stream().map(AllocatableDevice::name).toList();
  }
}
