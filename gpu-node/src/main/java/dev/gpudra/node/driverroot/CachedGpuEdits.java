package dev.gpudra.node.driverroot;

import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.node.cdi.GpuDeviceEdits;
import dev.gpudra.nvml.GpuInfo;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A GPU's edits looked up once per GPU (by UUID) instead of at every prepare: its device nodes and
 * sysfs entries do not change while the plugin runs. A failed lookup is not kept, so a node that
 * appears later is found then.
 */
public final class CachedGpuEdits implements GpuDeviceEdits {
  private final GpuDeviceEdits delegate;
  private final Map<String, ContainerEdits> byUuid = new ConcurrentHashMap<>();

  public CachedGpuEdits(GpuDeviceEdits delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  @Override
  public ContainerEdits of(GpuInfo gpu) {
    return byUuid.computeIfAbsent(gpu.uuid(), uuid -> delegate.of(gpu));
  }
}
