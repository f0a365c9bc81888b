package dev.gpudra.gpu.sharing;

import dev.gpudra.api.v1beta1.TimeSliceInterval;
import dev.gpudra.gpu.checkpoint.CheckpointDevice;
import dev.gpudra.gpu.checkpoint.CheckpointV1;
import dev.gpudra.gpu.checkpoint.PreparedClaim;
import dev.gpudra.gpu.checkpoint.SharingRecord;
import dev.gpudra.gpu.config.AllocatedDevice;
import dev.gpudra.gpu.config.ConfigGroup;
import dev.gpudra.nvml.GpuInfo;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Plans, checks, applies and releases the sharing settings of one claim's devices, against what the
 * checkpoint says the other prepared claims hold.
 */
public final class ClaimSharing {
  private static final Logger log = LoggerFactory.getLogger(ClaimSharing.class);

  /** For a node whose GPUs take no settings: a claim that would set one fails. */
  public static final ClaimSharing NONE =
      new ClaimSharing(Optional.empty(), name -> Optional.empty());

  private final Optional<TimeSlicing> timeSlicing;
  private final GpuLookup gpus;

  public ClaimSharing(TimeSlicing timeSlicing, GpuLookup gpus) {
    this(Optional.of(timeSlicing), gpus);
  }

  private ClaimSharing(Optional<TimeSlicing> timeSlicing, GpuLookup gpus) {
    this.timeSlicing = timeSlicing;
    this.gpus = Objects.requireNonNull(gpus, "gpus");
  }

  /** What the device's group config will set on it. */
  public SharingRecord plan(ConfigGroup group, AllocatedDevice device) {
    return new SharingRecord(
        TimeSlicing.interval(group, device).map(TimeSliceInterval::value).orElse(null));
  }

  /**
   * @param claim {@code namespace/name}, for the message
   * @throws SharingConflictException when a prepared claim holds one of the GPUs with another
   *     setting
   */
  public void checkConflicts(
      String claim, String uid, List<CheckpointDevice> planned, CheckpointV1 checkpoint) {
    for (CheckpointDevice device : planned) {
      String wanted = device.sharingOrNone().timeSlice();
      if (wanted == null) {
        continue;
      }
      for (Map.Entry<String, PreparedClaim> other : checkpoint.claims().entrySet()) {
        Optional<String> held = heldTimeSlice(other, uid, device.uuid());
        if (held.isPresent() && !held.get().equals(wanted)) {
          throw new SharingConflictException(
              "claim "
                  + claim
                  + ": GPU \""
                  + device.device()
                  + "\" is time-sliced \""
                  + held.get()
                  + "\" for claim "
                  + describe(other)
                  + " and this claim asks for \""
                  + wanted
                  + "\": a GPU has one time slice, so the claim waits until that claim is"
                  + " released");
        }
      }
    }
  }

  /** Sets what {@link #plan} recorded, device by device. */
  public void apply(List<CheckpointDevice> planned) {
    for (CheckpointDevice device : planned) {
      String slice = device.sharingOrNone().timeSlice();
      if (slice != null) {
        TimeSlicing slicing = timeSlicing();
        GpuInfo gpu = gpu(device);
        slicing.apply(gpu, TimeSliceInterval.fromValue(slice));
        log.info("GPU {} ({}): time slice {}", device.device(), gpu.uuid(), slice);
      }
    }
  }

  /**
   * Undoes the settings of a released claim's devices, for each GPU that no other prepared claim
   * holds with a setting. A GPU that is gone from the node has nothing to undo.
   */
  public void release(String uid, List<CheckpointDevice> devices, CheckpointV1 checkpoint) {
    for (CheckpointDevice device : devices) {
      if (device.sharingOrNone().timeSlice() == null) {
        continue;
      }
      boolean stillHeld =
          checkpoint.claims().entrySet().stream()
              .anyMatch(other -> heldTimeSlice(other, uid, device.uuid()).isPresent());
      Optional<GpuInfo> gpu = gpus.gpu(device.device());
      if (stillHeld) {
        log.debug("GPU {}: time slice kept, another claim holds it", device.device());
      } else if (gpu.isEmpty()) {
        log.warn(
            "GPU {} ({}) is gone: its time slice is not reset", device.device(), device.uuid());
      } else {
        timeSlicing().reset(gpu.get());
        log.info("GPU {} ({}): time slice back to Default", device.device(), device.uuid());
      }
    }
  }

  /** The time slice a prepared claim other than {@code uid} holds the GPU with. */
  private static Optional<String> heldTimeSlice(
      Map.Entry<String, PreparedClaim> other, String uid, String gpuUuid) {
    if (other.getKey().equals(uid) || !other.getValue().isCompleted()) {
      return Optional.empty();
    }
    return other.getValue().devices().stream()
        .filter(d -> d.uuid().equals(gpuUuid))
        .map(d -> d.sharingOrNone().timeSlice())
        .filter(Objects::nonNull)
        .findFirst();
  }

  private TimeSlicing timeSlicing() {
    return timeSlicing.orElseThrow(
        () -> new IllegalStateException("this node's GPUs take no time slice settings"));
  }

  private GpuInfo gpu(CheckpointDevice device) {
    return gpus.gpu(device.device())
        .orElseThrow(
            () -> new IllegalStateException("device " + device.device() + " is not on this node"));
  }

  private static String describe(Map.Entry<String, PreparedClaim> claim) {
    PreparedClaim entry = claim.getValue();
    return claim.getKey()
        + (entry.name().isEmpty() ? "" : " (" + entry.namespace() + "/" + entry.name() + ")");
  }
}
