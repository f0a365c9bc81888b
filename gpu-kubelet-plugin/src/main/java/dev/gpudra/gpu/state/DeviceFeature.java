package dev.gpudra.gpu.state;

import dev.gpudra.gpu.checkpoint.CheckpointDevice;
import dev.gpudra.gpu.checkpoint.CheckpointV1;
import dev.gpudra.gpu.checkpoint.SharingRecord;
import dev.gpudra.gpu.config.AllocatedDevice;
import dev.gpudra.gpu.config.ConfigGroup;
import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.kit.cdi.ContainerEdits;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a feature (time slices and MPS, DynamicMIG, passthrough) does at each step of the two-phase
 * prepare that {@link DeviceState} runs. The engine calls every registered feature, in the order of
 * registration, at each step; a feature that is off is not registered. Every step has a default
 * that does nothing, so a feature implements only the steps it takes part in.
 */
public interface DeviceFeature {
  /**
   * What this feature records on the devices of one config group of a claim, before anything is
   * written; a later feature's record replaces an earlier one's.
   *
   * @throws dev.gpudra.api.v1beta1.InvalidConfigException when the group's config is invalid
   */
  default Map<AllocatedDevice, SharingRecord> plan(String claimUid, ConfigGroup group) {
    return Map.of();
  }

  /**
   * Refuses {@code device}, a result without admin access, when this feature keeps it from the
   * claim; called after the engine found no other claim holding the device itself.
   *
   * @param claim the claim as {@code namespace/name}, for messages
   * @param results the devices of all of the claim's results
   * @throws DeviceBusyException naming the claim that holds what keeps it
   */
  default void refuseBusy(
      String claim, String uid, List<String> results, String device, CheckpointV1 checkpoint) {}

  /**
   * Refuses the planned records when a prepared claim holds one of their GPUs in a way that does
   * not go with them.
   *
   * @throws SharingConflictException naming both claims
   */
  default void refuseConflicts(ClaimPlan claim, List<CheckpointDevice> planned, CheckpointV1 cp) {}

  /**
   * The planned records with the facts a roll-back needs, read before PrepareStarted is written.
   */
  default List<CheckpointDevice> beforeStart(ClaimPlan claim, List<CheckpointDevice> planned) {
    return planned;
  }

  /** Sets up what spans the claim's devices (settings, daemons), before each device's set-up. */
  default void setUpClaim(ClaimPlan claim, List<CheckpointDevice> records) {}

  /**
   * Sets up one device of the claim.
   *
   * @return its record as the checkpoint keeps it (a created MIG device with its IDs)
   */
  default CheckpointDevice setUpDevice(
      ClaimPlan claim, CheckpointDevice record, AllocatableDevice device) {
    return record;
  }

  /**
   * A record rebuilt from a CDI spec after the checkpoint was lost, completed from the node before
   * it is set up again.
   */
  default CheckpointDevice adopt(CheckpointDevice record, AllocatableDevice device) {
    return record;
  }

  /**
   * The device as the record's CDI edits need it (a created MIG device rather than its profile).
   */
  default AllocatableDevice concrete(CheckpointDevice record, AllocatableDevice device) {
    return device;
  }

  /** What this feature adds to the CDI edits of a record's device. */
  default ContainerEdits edits(CheckpointDevice record) {
    return ContainerEdits.none();
  }

  /** Undoes what set-up did for released (or rolled back) records. */
  default void release(Release release) {}

  /**
   * At start, under the engine's lock: removes what a crash or a lost checkpoint left that no claim
   * of the checkpoint holds.
   *
   * @return what it removed, by name or ID
   */
  default List<String> cleanUpAtStart(CheckpointV1 checkpoint) {
    return List.of();
  }

  /** After a prepare, unprepare or roll-back changed the checkpoint's claims. */
  default void changed() {}

  /** Whether {@link #hidden} can name any device (else the checkpoint is not read for it). */
  default boolean hidesDevices() {
    return false;
  }

  /** Devices not to publish while the checkpoint's claims hold what they hold. */
  default Set<String> hidden(CheckpointV1 checkpoint) {
    return Set.of();
  }

  /**
   * One claim's records to undo.
   *
   * @param claim the claim as {@code namespace/name}, for messages
   * @param uid the claim's UID
   * @param records its devices as the checkpoint records them
   * @param checkpoint the checkpoint with the claim still in it
   * @param retried the planned records of a retried prepare of the same claim, which keeps what
   *     they use again (empty for unprepare and roll-backs)
   */
  record Release(
      String claim,
      String uid,
      List<CheckpointDevice> records,
      CheckpointV1 checkpoint,
      List<CheckpointDevice> retried) {
    public Release {
      records = List.copyOf(records);
      retried = List.copyOf(retried);
    }
  }
}
