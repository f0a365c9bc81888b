package dev.gpudra.gpu.sharing;

import dev.gpudra.nvml.GpuInfo;
import java.util.Optional;

/** The physical GPU behind a device of this node (a MIG device's parent). */
@FunctionalInterface
public interface GpuLookup {
  Optional<GpuInfo> gpu(String deviceName);
}
