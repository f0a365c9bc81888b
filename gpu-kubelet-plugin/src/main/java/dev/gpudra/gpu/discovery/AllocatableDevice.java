package dev.gpudra.gpu.discovery;

import dev.gpudra.nvml.GpuInfo;

/** A device this node offers in its ResourceSlice, under its canonical name. */
public sealed interface AllocatableDevice
    permits FullGpu, StaticMigDevice, AbstractMigDevice, VfioGpu {

  /** The device name in the ResourceSlice, e.g. {@code gpu-0}. */
  String name();

  DeviceType type();

  /** {@code GPU-...} or {@code MIG-...}; empty for a MIG device that does not exist yet. */
  String uuid();

  /** The physical GPU (the parent, for a MIG device). */
  GpuInfo gpu();
}
