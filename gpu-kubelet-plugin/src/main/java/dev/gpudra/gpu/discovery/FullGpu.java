package dev.gpudra.gpu.discovery;

import dev.gpudra.nvml.GpuInfo;
import java.util.Objects;

/** A whole GPU not in MIG mode: device {@code gpu-<minor>}. */
public record FullGpu(GpuInfo gpu) implements AllocatableDevice {
  public FullGpu {
    Objects.requireNonNull(gpu, "gpu");
  }

  @Override
  public String name() {
    return "gpu-" + gpu.minor();
  }

  @Override
  public DeviceType type() {
    return DeviceType.GPU;
  }

  @Override
  public String uuid() {
    return gpu.uuid();
  }
}
