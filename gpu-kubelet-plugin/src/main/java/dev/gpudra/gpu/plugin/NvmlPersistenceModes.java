package dev.gpudra.gpu.plugin;

import dev.gpudra.gpu.passthrough.PersistenceModes;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.Nvml;

/** Persistence mode through NVML, for passthrough, which may not reach NVML itself. */
record NvmlPersistenceModes(Nvml nvml) implements PersistenceModes {
  @Override
  public boolean enabled(GpuInfo gpu) {
    return nvml.persistenceMode(gpu);
  }

  @Override
  public void set(GpuInfo gpu, boolean enabled) {
    nvml.setPersistenceMode(gpu, enabled);
  }
}
