package dev.gpudra.gpu.mig;

import dev.gpudra.gpu.discovery.AbstractMigDevice;
import dev.gpudra.gpu.discovery.StaticMigDevice;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigDevice;
import dev.gpudra.nvml.MigMode;
import dev.gpudra.nvml.Nvml;
import dev.gpudra.nvml.NvmlException;
import dev.gpudra.nvml.NvmlNotFoundException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Creates and destroys the MIG devices of DynamicMIG through NVML. */
public final class MigPartitions {
  private static final Logger log = LoggerFactory.getLogger(MigPartitions.class);

  private final Nvml nvml;

  public MigPartitions(Nvml nvml) {
    this.nvml = Objects.requireNonNull(nvml, "nvml");
  }

  /** The GI and CI of a live MIG device on a GPU. */
  public record Instance(String gpuUuid, int gpuInstanceId, int computeInstanceId) {}

  /**
   * Creates the device, turning MIG mode on first where it is off.
   *
   * @return the created device, with its GI, CI and UUID
   * @throws NvmlException when NVML refuses (the placement is taken, MIG mode cannot change)
   */
  public StaticMigDevice create(AbstractMigDevice device) {
    GpuInfo gpu = device.gpu();
    if (nvml.migMode(gpu) != MigMode.ENABLED) {
      log.info("GPU {} ({}): turning MIG mode on", gpu.minor(), gpu.uuid());
      nvml.setMigMode(gpu, true);
    }
    MigDevice created = nvml.createMigDevice(gpu, device.profile(), device.placement());
    log.info(
        "created MIG device {} ({}): GI {}, CI {}",
        device.name(),
        created.uuid(),
        created.gpuInstanceId(),
        created.computeInstanceId());
    return new StaticMigDevice(gpu, created);
  }

  /** Destroys a created device (gone already is fine), then turns MIG mode off if none is left. */
  public void destroy(AbstractMigDevice device, int gpuInstanceId, int computeInstanceId) {
    GpuInfo gpu = device.gpu();
    try {
      nvml.destroyMigDevice(gpu, gpuInstanceId, computeInstanceId);
      log.info(
          "destroyed MIG device {} (GI {}, CI {})",
          device.name(),
          gpuInstanceId,
          computeInstanceId);
    } catch (NvmlNotFoundException e) {
      log.info("MIG device {} (GI {}) is gone already", device.name(), gpuInstanceId);
    }
    settle(gpu);
  }

  /** The live device at this device's profile and placement, if one exists. */
  public Optional<MigDevice> live(AbstractMigDevice device) {
    return nvml.migDevices(device.gpu()).stream()
        .filter(m -> m.profile().id() == device.profile().id())
        .filter(m -> m.placement().equals(device.placement()))
        .findFirst();
  }

  /**
   * A claim that never completed may have created its device: destroyed unless {@code held} (the
   * completed claims' devices) has it.
   */
  public void destroyOrphan(AbstractMigDevice device, Set<Instance> held) {
    live(device)
        .filter(m -> !held.contains(instance(device.gpu(), m)))
        .ifPresent(m -> destroy(device, m.gpuInstanceId(), m.computeInstanceId()));
  }

  /**
   * At start: every live MIG device of these GPUs that no completed claim holds is destroyed, and
   * MIG mode goes off where nothing is left.
   *
   * @return the UUIDs of the destroyed devices
   */
  public List<String> destroyUnheld(List<GpuInfo> gpus, Set<Instance> held) {
    List<String> destroyed = new ArrayList<>();
    for (GpuInfo gpu : gpus) {
      for (MigDevice mig : nvml.migDevices(gpu)) {
        if (!held.contains(instance(gpu, mig))) {
          nvml.destroyMigDevice(gpu, mig.gpuInstanceId(), mig.computeInstanceId());
          log.info(
              "destroyed MIG device {} (GI {}) that no prepared claim holds",
              mig.uuid(),
              mig.gpuInstanceId());
          destroyed.add(mig.uuid());
        }
      }
      settle(gpu);
    }
    return destroyed;
  }

  /**
   * A whole GPU that can be partitioned is about to be handed out: MIG mode goes off.
   *
   * @throws NvmlException when MIG devices still exist on it
   */
  public void wholeGpu(GpuInfo gpu) {
    if (!gpu.architecture().togglesMigWithoutReset() || nvml.migMode(gpu) != MigMode.ENABLED) {
      return;
    }
    List<MigDevice> left = nvml.migDevices(gpu);
    if (!left.isEmpty()) {
      throw new NvmlException(
          "GPU "
              + gpu.minor()
              + " ("
              + gpu.uuid()
              + ") still has "
              + left.size()
              + " MIG devices: it cannot be handed out whole",
          -1);
    }
    nvml.setMigMode(gpu, false);
  }

  /** MIG mode off on a GPU left without MIG devices, where that needs no reset. */
  private void settle(GpuInfo gpu) {
    if (gpu.architecture().togglesMigWithoutReset()
        && nvml.migMode(gpu) == MigMode.ENABLED
        && nvml.migDevices(gpu).isEmpty()) {
      log.info("GPU {} ({}): no MIG device left, turning MIG mode off", gpu.minor(), gpu.uuid());
      nvml.setMigMode(gpu, false);
    }
  }

  public static Instance instance(GpuInfo gpu, MigDevice mig) {
    return new Instance(gpu.uuid(), mig.gpuInstanceId(), mig.computeInstanceId());
  }
}
