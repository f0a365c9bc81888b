package dev.gpudra.gpu.mig;

import dev.gpudra.gpu.checkpoint.CheckpointDevice;
import dev.gpudra.gpu.checkpoint.CheckpointV1;
import dev.gpudra.gpu.checkpoint.PreparedClaim;
import dev.gpudra.gpu.discovery.AbstractMigDevice;
import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.gpu.discovery.FullGpu;
import dev.gpudra.gpu.discovery.StaticMigDevice;
import dev.gpudra.gpu.state.ClaimPlan;
import dev.gpudra.gpu.state.DeviceFeature;
import dev.gpudra.gpu.state.DeviceLookup;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigDevice;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * DynamicMIG as a step of each prepare: a MIG device is created when its claim is set up (MIG mode
 * on first), a whole GPU handed out gets MIG mode off, and release destroys what set-up created; at
 * start, MIG devices no completed claim holds are destroyed, as NVIDIA's plugin does.
 */
public final class MigFeature implements DeviceFeature {
  private static final Logger log = LoggerFactory.getLogger(MigFeature.class);

  private final MigPartitions partitions;
  private final DeviceLookup devices;
  private final List<GpuInfo> gpus;

  /**
   * @param gpus the GPUs partitioned on demand, swept at start
   */
  public MigFeature(MigPartitions partitions, DeviceLookup devices, List<GpuInfo> gpus) {
    this.partitions = Objects.requireNonNull(partitions, "partitions");
    this.devices = Objects.requireNonNull(devices, "devices");
    this.gpus = List.copyOf(gpus);
  }

  /** Creates a MIG device the record does not name yet; MIG mode off on a whole GPU. */
  @Override
  public CheckpointDevice setUpDevice(
      ClaimPlan claim, CheckpointDevice record, AllocatableDevice device) {
    if (device instanceof AbstractMigDevice mig && !record.created()) {
      StaticMigDevice created = partitions.create(mig);
      return record.withCreated(
          created.uuid(), created.mig().gpuInstanceId(), created.mig().computeInstanceId());
    }
    if (device instanceof FullGpu gpu) {
      partitions.wholeGpu(gpu.gpu());
    }
    return record;
  }

  /** A MIG device that exists at the record's profile and placement is the claim's. */
  @Override
  public CheckpointDevice adopt(CheckpointDevice record, AllocatableDevice device) {
    if (device instanceof AbstractMigDevice mig && !record.created()) {
      Optional<MigDevice> live = partitions.live(mig);
      if (live.isPresent()) {
        return record.withCreated(
            live.get().uuid(), live.get().gpuInstanceId(), live.get().computeInstanceId());
      }
    }
    return record;
  }

  @Override
  public AllocatableDevice concrete(CheckpointDevice record, AllocatableDevice device) {
    if (device instanceof AbstractMigDevice mig && record.created()) {
      return new StaticMigDevice(
          mig.gpu(),
          new MigDevice(
              record.gpuInstanceId(),
              record.computeInstanceId(),
              record.uuid(),
              mig.profile(),
              mig.placement(),
              mig.profile().resources()));
    }
    return device;
  }

  /**
   * Destroys the released records' MIG devices: by their IDs, or for a record without IDs (a claim
   * that never completed) by profile and placement unless a completed claim holds that device.
   */
  @Override
  public void release(Release release) {
    Set<MigPartitions.Instance> held = held(release.checkpoint(), release.uid());
    for (CheckpointDevice record : release.records()) {
      if (devices.find(record.device()).orElse(null) instanceof AbstractMigDevice mig) {
        if (record.created()) {
          partitions.destroy(mig, record.gpuInstanceId(), record.computeInstanceId());
        } else {
          partitions.destroyOrphan(mig, held);
        }
      }
    }
  }

  @Override
  public List<String> cleanUpAtStart(CheckpointV1 checkpoint) {
    if (gpus.isEmpty()) {
      return List.of();
    }
    List<String> destroyed = partitions.destroyUnheld(gpus, held(checkpoint, ""));
    log.info(
        "DynamicMIG: {} MIG devices no prepared claim holds destroyed at start", destroyed.size());
    return destroyed;
  }

  /** The MIG devices the completed claims other than {@code uid} hold. */
  private Set<MigPartitions.Instance> held(CheckpointV1 checkpoint, String uid) {
    Set<MigPartitions.Instance> held = new HashSet<>();
    for (Map.Entry<String, PreparedClaim> claim : checkpoint.claims().entrySet()) {
      if (claim.getKey().equals(uid) || !claim.getValue().isCompleted()) {
        continue;
      }
      for (CheckpointDevice record : claim.getValue().devices()) {
        if ("mig".equals(record.type()) && record.created()) {
          devices
              .find(record.device())
              .ifPresent(d ->
                  held.add(
                      new MigPartitions.Instance(
                          d.gpu().uuid(), record.gpuInstanceId(), record.computeInstanceId())));
        }
      }
    }
    return held;
  }
}
