package dev.gpudra.nvml.simulated;

import dev.gpudra.nvml.ComputeMode;
import dev.gpudra.nvml.FabricInfo;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigDevice;
import dev.gpudra.nvml.MigMode;
import dev.gpudra.nvml.MigProfile;
import dev.gpudra.nvml.Nvml;
import dev.gpudra.nvml.NvmlNotFoundException;
import dev.gpudra.nvml.NvmlNotSupportedException;
import dev.gpudra.nvml.SystemInfo;
import dev.gpudra.nvml.TimeSlice;
import dev.gpudra.nvml.TimeSlicer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@link Nvml} port answered from a {@link GpuProfile}: what the GPUs are is computed once, at
 * construction, from the profile and the node name, so it is the same on every start of the same
 * node. What the GPUs have been set to ({@link GpuSettings}) changes with the calls that set it and
 * can be read with {@link #settings}; it lives as long as this object, as a real GPU's settings
 * live until the driver reloads. Thread-safe.
 */
public final class SimulatedNvml implements Nvml, TimeSlicer {
  private final SystemInfo system;
  private final List<GpuInfo> gpus;
  private final Map<String, SimulatedGpu> gpusByUuid;
  private final Map<String, GpuSettings> settings = new ConcurrentHashMap<>();

  public SimulatedNvml(GpuProfile profile, String nodeName) {
    DeviceIdentities ids = new DeviceIdentities(profile.name(), nodeName);
    this.system = new SystemInfo(profile.driverVersion(), profile.cudaDriverVersion());
    Map<String, SimulatedGpu> gpus = new LinkedHashMap<>();
    int index = 0;
    for (GpuGroup group : profile.groups()) {
      for (int i = 0; i < group.count(); i++, index++) {
        SimulatedGpu gpu = SimulatedGpu.of(group, index, profile.pciSlots().get(index), ids);
        gpus.put(gpu.info().uuid(), gpu);
      }
    }
    this.gpus = gpus.values().stream().map(SimulatedGpu::info).toList();
    this.gpusByUuid = Map.copyOf(gpus);
  }

  @Override
  public SystemInfo system() {
    return system;
  }

  @Override
  public List<GpuInfo> gpus() {
    return gpus;
  }

  @Override
  public List<MigProfile> migProfiles(GpuInfo gpu) {
    return find(gpu).group().model().migProfiles();
  }

  @Override
  public List<MigDevice> migDevices(GpuInfo gpu) {
    SimulatedGpu found = find(gpu);
    return found.info().migMode() == MigMode.ENABLED ? found.migDevices() : List.of();
  }

  @Override
  public Optional<FabricInfo> fabricInfo(GpuInfo gpu) {
    return find(gpu).group().fabric();
  }

  @Override
  public ComputeMode computeMode(GpuInfo gpu) {
    return settings(gpu).computeMode();
  }

  @Override
  public void setComputeMode(GpuInfo gpu, ComputeMode mode) {
    find(gpu);
    if (mode == ComputeMode.EXCLUSIVE_THREAD) {
      throw new NvmlNotSupportedException("compute mode EXCLUSIVE_THREAD is deprecated by NVML");
    }
    settings.merge(
        gpu.uuid(), GpuSettings.BOOT.withComputeMode(mode), (old, x) -> old.withComputeMode(mode));
  }

  @Override
  public void setTimeSlice(GpuInfo gpu, TimeSlice slice) {
    find(gpu);
    settings.merge(
        gpu.uuid(), GpuSettings.BOOT.withTimeSlice(slice), (old, x) -> old.withTimeSlice(slice));
  }

  /** What the GPU has been set to so far. */
  public GpuSettings settings(GpuInfo gpu) {
    find(gpu);
    return settings.getOrDefault(gpu.uuid(), GpuSettings.BOOT);
  }

  @Override
  public void close() {
    // Nothing to release: there is no library session.
  }

  private SimulatedGpu find(GpuInfo gpu) {
    SimulatedGpu found = gpusByUuid.get(gpu.uuid());
    if (found == null) {
      throw new NvmlNotFoundException("simulated NVML has no GPU " + gpu.uuid());
    }
    return found;
  }
}
