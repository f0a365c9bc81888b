package dev.gpudra.gpu.sharing;

import dev.gpudra.api.v1beta1.TimeSliceInterval;
import dev.gpudra.gpu.checkpoint.CheckpointDevice;
import dev.gpudra.gpu.checkpoint.CheckpointV1;
import dev.gpudra.gpu.checkpoint.PreparedClaim;
import dev.gpudra.gpu.checkpoint.SharingRecord;
import dev.gpudra.gpu.config.AllocatedDevice;
import dev.gpudra.gpu.config.ConfigGroup;
import dev.gpudra.gpu.mps.MpsDaemon;
import dev.gpudra.gpu.mps.MpsSharing;
import dev.gpudra.gpu.state.SharingConflictException;
import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.nvml.GpuInfo;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Plans, checks, applies and releases the sharing settings of one claim's devices (time slices, MPS
 * control daemons), against what the checkpoint says the other prepared claims hold.
 */
public final class ClaimSharing {
  private static final Logger log = LoggerFactory.getLogger(ClaimSharing.class);

  /** For a node whose GPUs take no settings: a claim that would set one fails. */
  public static final ClaimSharing NONE =
      new ClaimSharing(Optional.empty(), Optional.empty(), name -> Optional.empty());

  private final Optional<TimeSlicing> timeSlicing;
  private final Optional<MpsControl> mps;
  private final GpuLookup gpus;

  public ClaimSharing(TimeSlicing timeSlicing, GpuLookup gpus) {
    this(Optional.of(timeSlicing), Optional.empty(), gpus);
  }

  /**
   * @param mps the MPS control daemons, when MPSSupport is on
   */
  public ClaimSharing(Optional<TimeSlicing> timeSlicing, Optional<MpsControl> mps, GpuLookup gpus) {
    this.timeSlicing = Objects.requireNonNull(timeSlicing, "timeSlicing");
    this.mps = Objects.requireNonNull(mps, "mps");
    this.gpus = Objects.requireNonNull(gpus, "gpus");
  }

  /**
   * What the group's config will set on each of its devices.
   *
   * @throws dev.gpudra.api.v1beta1.InvalidConfigException an MPS limit names no device of the group
   */
  public GroupSharing plan(String claimUid, ConfigGroup group) {
    Optional<MpsDaemon> daemon = MpsDaemon.plan(claimUid, group);
    Map<AllocatedDevice, SharingRecord> records = new HashMap<>();
    for (AllocatedDevice device : group.devices()) {
      String slice = TimeSlicing.interval(group, device).map(TimeSliceInterval::value).orElse(null);
      String daemonId = daemon.filter(d -> !device.adminAccess()).map(MpsDaemon::id).orElse(null);
      records.put(device, new SharingRecord(slice, daemonId));
    }
    return new GroupSharing(records, daemon);
  }

  /**
   * @param claim {@code namespace/name}, for the message
   * @throws SharingConflictException when a prepared claim holds one of the GPUs with another
   *     setting: another time slice, or any setting beside an MPS daemon (whose server holds the
   *     GPU in EXCLUSIVE_PROCESS mode)
   */
  public void checkConflicts(
      String claim, String uid, List<CheckpointDevice> planned, CheckpointV1 checkpoint) {
    for (CheckpointDevice device : planned) {
      SharingRecord wanted = device.sharingOrNone();
      if (device.adminAccess()) {
        continue; // watching a GPU shares nothing with its users
      }
      for (Map.Entry<String, PreparedClaim> other : checkpoint.claims().entrySet()) {
        Optional<SharingRecord> held = held(other, uid, device.uuid());
        if (held.isPresent() && conflict(wanted, held.get())) {
          throw new SharingConflictException(
              "claim "
                  + claim
                  + ": GPU \""
                  + device.device()
                  + "\" is "
                  + describe(held.get())
                  + " for claim "
                  + describe(other)
                  + " and this claim asks for "
                  + (wanted.mps()
                      ? "MPS"
                      : wanted.timeSlice() == null
                          ? "it without MPS"
                          : "\"" + wanted.timeSlice() + "\"")
                  + ": "
                  + (wanted.mps() || held.get().mps()
                      ? "an MPS server holds its GPU alone"
                      : "a GPU has one time slice")
                  + ", so the claim waits until that claim is released");
        }
      }
    }
  }

  /**
   * An MPS server holds its GPU alone (EXCLUSIVE_PROCESS): nothing else may join it, and it joins
   * nothing; two time slices must agree. A claim without settings may join a time-sliced GPU.
   */
  private static boolean conflict(SharingRecord wanted, SharingRecord held) {
    if (wanted.mps() || held.mps()) {
      return true;
    }
    return wanted.timeSlice() != null
        && held.timeSlice() != null
        && !held.timeSlice().equals(wanted.timeSlice());
  }

  private static String describe(SharingRecord record) {
    return record.mps()
        ? "shared through MPS control daemon " + record.mpsControlDaemonId()
        : "time-sliced \"" + record.timeSlice() + "\"";
  }

  /**
   * Sets what {@link #plan} recorded, device by device, then starts the MPS daemons and waits for
   * them.
   *
   * @param claim {@code namespace/name}, for messages
   * @throws dev.gpudra.gpu.mps.MpsDaemonNotReadyException a daemon is not ready yet (retryable)
   */
  public void apply(String claim, List<CheckpointDevice> planned, List<MpsDaemon> daemons) {
    for (CheckpointDevice device : planned) {
      String slice = device.sharingOrNone().timeSlice();
      if (slice != null) {
        TimeSlicing slicing = timeSlicing();
        GpuInfo gpu = gpu(device);
        slicing.apply(gpu, TimeSliceInterval.fromValue(slice));
        log.info("GPU {} ({}): time slice {}", device.device(), gpu.uuid(), slice);
      }
      if (device.sharingOrNone().mps() && "gpu".equals(device.type())) {
        MpsControl control = mps();
        control.exclusive(gpu(device));
        log.info("GPU {}: compute mode EXCLUSIVE_PROCESS for MPS", device.device());
      }
    }
    if (!daemons.isEmpty()) {
      mps().daemons().start(claim, daemons);
    }
  }

  /** What connects a container to the device's MPS daemon; nothing for other devices. */
  public ContainerEdits edits(CheckpointDevice device) {
    return device.sharingOrNone().mps()
        ? mps().daemons().edits(device.sharingOrNone().mpsControlDaemonId())
        : ContainerEdits.none();
  }

  /** As {@link #release(String, List, CheckpointV1, Set)}, keeping nothing. */
  public void release(String uid, List<CheckpointDevice> devices, CheckpointV1 checkpoint) {
    release(uid, devices, checkpoint, Set.of());
  }

  /**
   * Undoes the settings of a released claim's devices, for each GPU that no other prepared claim
   * holds with a setting, and stops its MPS daemons. A GPU that is gone from the node has nothing
   * to undo.
   *
   * @param keptDaemons daemons a retried prepare of the same claim will use again: left running
   */
  public void release(
      String uid,
      List<CheckpointDevice> devices,
      CheckpointV1 checkpoint,
      Set<String> keptDaemons) {
    Set<String> stopped = new LinkedHashSet<>();
    for (CheckpointDevice device : devices) {
      SharingRecord record = device.sharingOrNone();
      if (record.mps() && mps.isEmpty()) {
        log.warn(
            "device {}: its MPS control daemon {} is not stopped: MPSSupport is off (a claim"
                + " prepared before the gate was turned off)",
            device.device(),
            record.mpsControlDaemonId());
      } else if (record.mps() && !keptDaemons.contains(record.mpsControlDaemonId())) {
        if (stopped.add(record.mpsControlDaemonId())) {
          mps().daemons().stop(record.mpsControlDaemonId());
        }
        if ("gpu".equals(device.type())) {
          undo(
              uid,
              device,
              checkpoint,
              new Setting(SharingRecord::mps, g -> mps().released(g), "compute mode DEFAULT"));
        }
      }
      if (record.timeSlice() != null) {
        undo(
            uid,
            device,
            checkpoint,
            new Setting(
                r -> r.timeSlice() != null,
                g -> timeSlicing().reset(g),
                "time slice back to Default"));
      }
    }
  }

  /**
   * A setting a released device may leave on its GPU.
   *
   * @param holds whether a record holds the GPU with it
   * @param reset what takes it off the GPU
   * @param what the reset, for the log
   */
  private record Setting(
      Predicate<SharingRecord> holds, java.util.function.Consumer<GpuInfo> reset, String what) {}

  private void undo(String uid, CheckpointDevice device, CheckpointV1 checkpoint, Setting setting) {
    String what = setting.what();
    boolean stillHeld =
        checkpoint.claims().entrySet().stream()
            .anyMatch(other -> held(other, uid, device.uuid()).filter(setting.holds()).isPresent());
    Optional<GpuInfo> gpu = gpus.gpu(device.device());
    if (stillHeld) {
      log.debug("GPU {}: setting kept, another claim holds it", device.device());
    } else if (gpu.isEmpty()) {
      log.warn("GPU {} ({}) is gone: not reset ({})", device.device(), device.uuid(), what);
    } else {
      setting.reset().accept(gpu.get());
      log.info("GPU {} ({}): {}", device.device(), device.uuid(), what);
    }
  }

  /** The sharing settings a prepared claim other than {@code uid} holds the GPU with. */
  private static Optional<SharingRecord> held(
      Map.Entry<String, PreparedClaim> other, String uid, String gpuUuid) {
    if (other.getKey().equals(uid) || !other.getValue().isCompleted()) {
      return Optional.empty();
    }
    return other.getValue().devices().stream()
        .filter(d -> d.uuid().equals(gpuUuid))
        .map(CheckpointDevice::sharingOrNone)
        .filter(r -> !r.isEmpty())
        .findFirst();
  }

  /** The MPS daemons, when this node runs them; for the start-up sweep. */
  public Optional<MpsSharing> mpsDaemons() {
    return mps.map(MpsControl::daemons);
  }

  private TimeSlicing timeSlicing() {
    return timeSlicing.orElseThrow(
        () -> new IllegalStateException("this node's GPUs take no time slice settings"));
  }

  private MpsControl mps() {
    return mps.orElseThrow(() ->
        new IllegalStateException("this node runs no MPS control daemons (MPSSupport is off)"));
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
