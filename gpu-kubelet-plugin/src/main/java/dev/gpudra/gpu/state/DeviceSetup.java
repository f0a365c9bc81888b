package dev.gpudra.gpu.state;

import dev.gpudra.gpu.checkpoint.CheckpointDevice;
import dev.gpudra.gpu.checkpoint.CheckpointV1;
import dev.gpudra.gpu.checkpoint.PreparedClaim;
import dev.gpudra.gpu.config.AllocatedDevice;
import dev.gpudra.gpu.discovery.AbstractMigDevice;
import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.gpu.discovery.FullGpu;
import dev.gpudra.gpu.discovery.StaticMigDevice;
import dev.gpudra.gpu.discovery.VfioGpu;
import dev.gpudra.gpu.mig.MigPartitions;
import dev.gpudra.gpu.mps.MpsDaemon;
import dev.gpudra.gpu.passthrough.Passthrough;
import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.nvml.MigDevice;
import dev.gpudra.nvml.NvmlException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Sets a claim's devices up beyond its CDI spec (sharing settings, DynamicMIG's MIG devices) and
 * takes that down again, for unprepare and for roll-backs of claims that never completed.
 */
final class DeviceSetup {
  private final DeviceLookup devices;
  private final DeviceControls controls;

  DeviceSetup(DeviceLookup devices, DeviceControls controls) {
    this.devices = devices;
    this.controls = controls;
  }

  /**
   * @param cdiDevices what the CDI spec describes (created MIG devices in place of abstract ones)
   * @param records the checkpoint records, created MIG devices with their UUID, GI and CI
   */
  record Result(List<AllocatableDevice> cdiDevices, List<CheckpointDevice> records) {}

  /**
   * @param planned the claim's records, in the order of {@code allocated}
   */
  Result setUp(
      String claim,
      List<CheckpointDevice> planned,
      List<AllocatedDevice> allocated,
      List<MpsDaemon> daemons) {
    return named(claim, () -> setUpNow(claim, planned, allocated, daemons));
  }

  /** A GPU's refusal names the claim it failed, as every claim error does. */
  private static <T> T named(String claim, java.util.function.Supplier<T> work) {
    try {
      return work.get();
    } catch (NvmlException e) {
      throw new NvmlException("claim " + claim + ": " + e.getMessage(), e);
    }
  }

  /**
   * Applies the records' settings, creates every MIG device a record does not name yet (MIG mode on
   * first), turns MIG mode off on a whole GPU handed out, and returns the devices as the CDI spec
   * describes them.
   */
  private Result setUpNow(
      String claim,
      List<CheckpointDevice> records,
      List<AllocatedDevice> allocated,
      List<MpsDaemon> daemons) {
    controls.sharing().apply(claim, records, daemons);
    List<AllocatableDevice> cdi = new ArrayList<>();
    List<CheckpointDevice> out = new ArrayList<>();
    for (int i = 0; i < records.size(); i++) {
      CheckpointDevice record = records.get(i);
      AllocatableDevice device = allocated.get(i).device();
      if (device instanceof AbstractMigDevice mig && !record.created()) {
        StaticMigDevice created = partitions().create(mig);
        record =
            record.withCreated(
                created.uuid(), created.mig().gpuInstanceId(), created.mig().computeInstanceId());
      } else if (device instanceof FullGpu gpu) {
        controls.partitions().ifPresent(p -> p.wholeGpu(gpu.gpu()));
      } else if (device instanceof VfioGpu vfio) {
        boolean persistent = passthrough().bind(claim, vfio);
        boolean restore = persistent || record.sharingOrNone().restoresPersistenceMode();
        record = record.withSharing(record.sharingOrNone().withVfioPersistenceMode(restore));
      }
      out.add(record);
      cdi.add(concrete(record));
    }
    return new Result(cdi, out);
  }

  /**
   * The planned records with each passthrough GPU's persistence mode as it is now, before the claim
   * is marked started: a rollback of a partial prepare, or of one a crash cut short, turns it on
   * again from the checkpoint.
   */
  List<CheckpointDevice> withPersistenceModes(
      String claim, List<CheckpointDevice> planned, List<AllocatedDevice> allocated) {
    List<CheckpointDevice> out = new ArrayList<>(planned.size());
    for (int i = 0; i < planned.size(); i++) {
      CheckpointDevice record = planned.get(i);
      if (allocated.get(i).device() instanceof VfioGpu vfio) {
        boolean on = passthrough().persistenceModeOn(claim, vfio);
        record = record.withSharing(record.sharingOrNone().withVfioPersistenceMode(on));
      }
      out.add(record);
    }
    return out;
  }

  /**
   * A claim whose records were rebuilt from its CDI spec: its MIG devices exist, found by profile
   * and placement (or created again when they do not).
   */
  Result adopt(
      String claim,
      List<CheckpointDevice> records,
      List<AllocatedDevice> allocated,
      List<MpsDaemon> daemons) {
    return named(claim, () -> adoptNow(claim, records, allocated, daemons));
  }

  private Result adoptNow(
      String claim,
      List<CheckpointDevice> records,
      List<AllocatedDevice> allocated,
      List<MpsDaemon> daemons) {
    List<CheckpointDevice> known = new ArrayList<>();
    for (int i = 0; i < records.size(); i++) {
      CheckpointDevice record = records.get(i);
      if (allocated.get(i).device() instanceof AbstractMigDevice mig && !record.created()) {
        Optional<MigDevice> live = partitions().live(mig);
        if (live.isPresent()) {
          record =
              record.withCreated(
                  live.get().uuid(), live.get().gpuInstanceId(), live.get().computeInstanceId());
        }
      }
      known.add(record);
    }
    return setUpNow(claim, known, allocated, daemons);
  }

  /** What each record's sharing adds to its device's CDI edits (an MPS daemon's), by name. */
  Map<String, ContainerEdits> extraEdits(List<CheckpointDevice> records) {
    Map<String, ContainerEdits> extra = new HashMap<>();
    for (CheckpointDevice record : records) {
      ContainerEdits edits = controls.sharing().edits(record);
      if (devices.find(record.device()).orElse(null) instanceof VfioGpu vfio) {
        edits = edits.followedBy(passthrough().edits(vfio, record.sharingOrNone()));
      }
      if (!edits.isEmpty()) {
        extra.put(record.device(), edits);
      }
    }
    return extra;
  }

  /** The device a record describes, as its CDI edits need it: a created MIG device as such. */
  AllocatableDevice concrete(CheckpointDevice record) {
    AllocatableDevice device =
        devices
            .find(record.device())
            .orElseThrow(() -> new UnknownDeviceException("checkpoint", record.device()));
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
   * Undoes what {@link #setUp} did for a claim's records: sharing settings no other claim holds,
   * and its MIG devices (a record without instance IDs, of a claim that never completed, by its
   * profile and placement unless a completed claim holds that device).
   */
  void release(String claim, String uid, List<CheckpointDevice> records, CheckpointV1 checkpoint) {
    release(claim, uid, records, checkpoint, Set.of());
  }

  /**
   * @param keptDaemons MPS daemons a retried prepare of the same claim uses again
   */
  void release(
      String claim,
      String uid,
      List<CheckpointDevice> records,
      CheckpointV1 checkpoint,
      Set<String> keptDaemons) {
    named(
        claim,
        () -> {
          release(uid, records, checkpoint, keptDaemons);
          return null;
        });
  }

  private void release(
      String uid, List<CheckpointDevice> records, CheckpointV1 checkpoint, Set<String> kept) {
    controls.sharing().release(uid, records, checkpoint, kept);
    for (CheckpointDevice record : records) {
      if (devices.find(record.device()).orElse(null) instanceof VfioGpu vfio) {
        passthrough()
            .unbind(claim(uid, checkpoint), vfio, record.sharingOrNone().restoresPersistenceMode());
      }
    }
    if (controls.partitions().isEmpty()) {
      return;
    }
    Set<MigPartitions.Instance> held = held(checkpoint, uid);
    for (CheckpointDevice record : records) {
      if (devices.find(record.device()).orElse(null) instanceof AbstractMigDevice mig) {
        if (record.created()) {
          partitions().destroy(mig, record.gpuInstanceId(), record.computeInstanceId());
        } else {
          partitions().destroyOrphan(mig, held);
        }
      }
    }
  }

  /** The MIG devices the completed claims other than {@code uid} hold. */
  Set<MigPartitions.Instance> held(CheckpointV1 checkpoint, String uid) {
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

  private Passthrough passthrough() {
    return controls
        .passthrough()
        .orElseThrow(
            () -> new IllegalStateException("a passthrough device, but PassthroughSupport is off"));
  }

  private static String claim(String uid, CheckpointV1 checkpoint) {
    PreparedClaim entry = checkpoint.claims().get(uid);
    return entry == null || entry.name().isEmpty() ? uid : entry.namespace() + "/" + entry.name();
  }

  private MigPartitions partitions() {
    return controls
        .partitions()
        .orElseThrow(
            () -> new IllegalStateException("a MIG device made on demand, but DynamicMIG is off"));
  }
}
