package dev.gpudra.gpu.state;

import dev.gpudra.gpu.cdi.ClaimCdiSpecs;
import dev.gpudra.gpu.checkpoint.CheckpointDevice;
import dev.gpudra.gpu.checkpoint.CheckpointStore;
import dev.gpudra.gpu.checkpoint.CheckpointV1;
import dev.gpudra.gpu.checkpoint.PreparedClaim;
import dev.gpudra.gpu.checkpoint.SharingRecord;
import dev.gpudra.gpu.config.AllocatedDevice;
import dev.gpudra.gpu.config.ConfigGroup;
import dev.gpudra.gpu.config.ConfigResolver;
import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PreparedDevice;
import dev.gpudra.kit.cdi.CdiException;
import dev.gpudra.kit.checkpoint.CheckpointUnreadableException;
import dev.gpudra.kit.checkpoint.ClaimState;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Prepares and unprepares claims of {@code gpu.nvidia.com} on this node, recording progress in the
 * checkpoint so that a retry after a crash or a repeated kubelet call does the right thing. What a
 * prepare does besides the CDI spec (time slices, MPS, DynamicMIG, passthrough) is each registered
 * {@link DeviceFeature}'s, called at each step in the order of registration.
 */
public final class DeviceState {
  private static final Logger log = LoggerFactory.getLogger(DeviceState.class);

  private final DeviceLookup devices;
  private final ConfigResolver configs;
  private final ClaimCdiSpecs cdi;
  private final CheckpointStore checkpoints;
  private final StepObserver steps;
  private final AllocationCheck allocation;
  private final DeviceSetup setup;
  private final List<DeviceFeature> features;
  private final List<DeviceFeature> hiding;
  private final BusyDevices busy;
  private final ReentrantLock lock = new ReentrantLock();

  public DeviceState(StateParts parts) {
    this.devices = parts.devices();
    this.configs = parts.configs();
    this.cdi = parts.cdi();
    this.checkpoints = parts.checkpoints();
    this.steps = parts.steps();
    this.features = parts.features();
    this.hiding = features.stream().filter(DeviceFeature::hidesDevices).toList();
    this.setup = new DeviceSetup(devices, features);
    this.busy = new BusyDevices(features);
    this.allocation = new AllocationCheck(ConfigResolver.DRIVER_NAME, parts.pool());
  }

  /**
   * Prepares one allocated claim, or returns what an earlier call prepared. Everything that can be
   * checked (allocation, devices, configs, devices held by other claims) is checked before the
   * claim's PrepareStarted entry is written, so a refused claim leaves nothing behind.
   *
   * @throws DeviceBusyException a device is prepared for another claim
   * @throws dev.gpudra.api.v1beta1.InvalidConfigException a config of the claim is invalid
   * @throws UnknownDeviceException a result names a device this node does not have
   * @throws InvalidClaimException the claim has no allocation
   */
  public List<PreparedDevice> prepare(ResourceClaim claim) {
    String uid = claim.getMetadata().getUid();
    lock.lock();
    try {
      CheckpointV1 checkpoint = checkpoints.read();
      PreparedClaim existing = checkpoint.claims().get(uid);
      if (existing != null
          && existing.isCompleted()
          && DeviceRecords.isRecovered(existing.devices())) {
        return completeRecovered(claim, existing);
      }
      if (existing != null && existing.isCompleted()) {
        log.debug("claim {} ({}) already prepared", describe(claim), uid);
        rewriteMissingSpec(claim, existing);
        return DeviceRecords.toKit(existing.devices());
      }
      List<DeviceRequestAllocationResult> results = allocation.ours(claim);
      busy.refuse(checkpoint, claim, results);
      List<AllocatedDevice> allocated = results.stream().map(r -> bind(claim, r)).toList();
      ClaimPlan plan = plan(claim, allocated);
      List<CheckpointDevice> planned = records(plan);
      for (DeviceFeature feature : features) {
        feature.refuseConflicts(plan, planned, checkpoint);
      }
      if (existing != null) {
        log.info("claim {} ({}): rolling back an earlier partial prepare", describe(claim), uid);
        setup.release(
            new DeviceFeature.Release(plan.name(), uid, existing.devices(), checkpoint, planned));
        cdi.delete(uid);
      }
      planned = setup.beforeStart(plan, planned);
      PreparedClaim started =
          PreparedClaim.started(
              claim.getMetadata().getNamespace(), claim.getMetadata().getName(), planned);
      checkpoints.update(cp -> cp.withClaim(uid, started));
      steps.reached(StepObserver.Step.PREPARE_STARTED_WRITTEN, uid);
      DeviceSetup.Result setUp = setup.setUp(plan, planned);
      steps.reached(StepObserver.Step.DEVICES_SET_UP, uid);
      List<CheckpointDevice> prepared = writeSpec(uid, setUp);
      checkpoints.update(cp -> cp.withClaim(uid, started.completed(prepared)));
      steps.reached(StepObserver.Step.PREPARE_COMPLETED_WRITTEN, uid);
      changed();
      return DeviceRecords.toKit(prepared);
    } finally {
      lock.unlock();
    }
  }

  /**
   * A claim recovered from its CDI spec (the checkpoint was lost) is prepared again by the kubelet:
   * its allocation fills in what the spec could not say (requests, pool, admin access, share ID),
   * provided it names the same devices.
   */
  private List<PreparedDevice> completeRecovered(ResourceClaim claim, PreparedClaim existing) {
    String uid = claim.getMetadata().getUid();
    List<AllocatedDevice> allocated =
        allocation.ours(claim).stream().map(r -> bind(claim, r)).toList();
    List<String> recovered =
        existing.devices().stream().map(CheckpointDevice::device).sorted().toList();
    List<String> allocatedNames = allocated.stream().map(d -> d.device().name()).sorted().toList();
    if (!recovered.equals(allocatedNames)) {
      throw new InvalidClaimException(
          "claim "
              + describe(claim)
              + ": its CDI spec (recovered after the checkpoint was lost) names "
              + recovered
              + " but its allocation names "
              + allocatedNames);
    }
    // what was set up before the checkpoint was lost is set up again, MIG devices found again
    ClaimPlan plan = plan(claim, allocated);
    List<CheckpointDevice> prepared = setup.adopt(plan, records(plan)).records();
    PreparedClaim completed =
        PreparedClaim.started(claim.getMetadata().getNamespace(), claim.getMetadata().getName())
            .completed(prepared);
    checkpoints.update(cp -> cp.withClaim(uid, completed));
    rewriteMissingSpec(claim, completed);
    log.info(
        "claim {} ({}): recovered preparation completed from its allocation", describe(claim), uid);
    return DeviceRecords.toKit(prepared);
  }

  /**
   * A prepared claim whose spec file is gone (deleted by hand, a tmpfs CDI root after a runtime
   * restart) would fail its container's creation: the spec is written again from the checkpoint.
   */
  private void rewriteMissingSpec(ResourceClaim claim, PreparedClaim existing) {
    String uid = claim.getMetadata().getUid();
    if (existing.devices().isEmpty() || cdi.exists(uid)) {
      return;
    }
    log.warn(
        "claim {} ({}): prepared, but its CDI spec is missing; writing it again",
        describe(claim),
        uid);
    cdi.write(
        uid,
        existing.devices().stream().map(setup::concrete).toList(),
        setup.extraEdits(existing.devices()));
  }

  /**
   * The device a completed claim was prepared with, as its CDI spec was written from it (a MIG
   * device that DynamicMIG created carries its UUID); empty when the claim does not hold it.
   */
  public Optional<AllocatableDevice> prepared(String claimUid, String deviceName) {
    lock.lock();
    try {
      PreparedClaim entry = checkpoints.read().claims().get(claimUid);
      if (entry == null || !entry.isCompleted()) {
        return Optional.empty();
      }
      return entry.devices().stream()
          .filter(d -> d.device().equals(deviceName))
          .findFirst()
          .map(setup::concrete);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Releases a claim; a claim this node never prepared is a success.
   *
   * @throws CdiException when its CDI spec cannot be deleted: the checkpoint keeps the claim, so
   *     that the kubelet's retry finds it again
   */
  public void unprepare(ClaimRef claim) {
    lock.lock();
    try {
      CheckpointV1 checkpoint = checkpoints.read();
      PreparedClaim entry = checkpoint.claims().get(claim.uid());
      if (entry == null) {
        log.debug("claim {} is not prepared here: nothing to unprepare", claim);
        return;
      }
      setup.release(
          new DeviceFeature.Release(
              claim.namespace() + "/" + claim.name(),
              claim.uid(),
              entry.devices(),
              checkpoint,
              List.of()));
      cdi.delete(claim.uid());
      steps.reached(StepObserver.Step.CDI_SPEC_DELETED, claim.uid());
      checkpoints.update(cp -> cp.withoutClaim(claim.uid()));
      steps.reached(StepObserver.Step.CHECKPOINT_ENTRY_REMOVED, claim.uid());
      changed();
    } finally {
      lock.unlock();
    }
  }

  /**
   * At start: each feature removes what no claim of the checkpoint holds (MIG devices, MPS control
   * daemons), left by a crash, a lost checkpoint or another plugin.
   *
   * @return what was removed, by name or ID
   */
  public List<String> cleanUpAtStart() {
    lock.lock();
    try {
      CheckpointV1 checkpoint = checkpoints.read();
      return features.stream().flatMap(f -> f.cleanUpAtStart(checkpoint).stream()).toList();
    } finally {
      lock.unlock();
    }
  }

  /** Whether the checkpoint can be read (else every prepare and unprepare fails closed). */
  public boolean checkpointReadable() {
    try {
      checkpoints.read();
      return true;
    } catch (CheckpointUnreadableException e) {
      return false;
    }
  }

  /** Claims whose preparation started but did not complete. */
  public List<StartedClaim> startedClaims() {
    return checkpoints.read().claims().entrySet().stream()
        .filter(e -> e.getValue().state() == ClaimState.PREPARE_STARTED)
        .map(e -> new StartedClaim(e.getKey(), e.getValue().namespace(), e.getValue().name()))
        .toList();
  }

  /**
   * Rolls back a claim if it is still PrepareStarted.
   *
   * @return whether anything was rolled back
   */
  public boolean rollBackStarted(String claimUid) {
    lock.lock();
    try {
      CheckpointV1 checkpoint = checkpoints.read();
      PreparedClaim entry = checkpoint.claims().get(claimUid);
      if (entry == null || entry.isCompleted()) {
        return false;
      }
      setup.release(
          new DeviceFeature.Release(
              entry.namespace() + "/" + entry.name(),
              claimUid,
              entry.devices(),
              checkpoint,
              List.of()));
      cdi.delete(claimUid); // fails the roll-back, keeping the entry for the next round
      checkpoints.update(cp -> cp.withoutClaim(claimUid));
      changed();
      return true;
    } finally {
      lock.unlock();
    }
  }

  private List<CheckpointDevice> writeSpec(String uid, DeviceSetup.Result setUp) {
    if (!setUp.cdiDevices().isEmpty()) {
      cdi.write(uid, setUp.cdiDevices(), setup.extraEdits(setUp.records()));
      steps.reached(StepObserver.Step.CDI_SPEC_WRITTEN, uid);
    }
    return setUp.records();
  }

  /** The claim with its configs resolved and validated. */
  private ClaimPlan plan(ResourceClaim claim, List<AllocatedDevice> allocated) {
    return new ClaimPlan(
        describe(claim),
        claim.getMetadata().getUid(),
        allocated,
        configs.resolve(claim, allocated));
  }

  /**
   * The claim's devices as the checkpoint will record them, in allocation order, each with what its
   * winning config will set on it (a later feature's record replacing an earlier one's).
   */
  private List<CheckpointDevice> records(ClaimPlan plan) {
    Map<AllocatedDevice, SharingRecord> settings = new HashMap<>();
    for (ConfigGroup group : plan.groups()) {
      for (DeviceFeature feature : features) {
        settings.putAll(feature.plan(plan.uid(), group));
      }
    }
    return plan.allocated().stream()
        .map(d -> DeviceRecords.toCheckpoint(plan.uid(), d).withSharing(settings.get(d)))
        .toList();
  }

  private void changed() {
    for (DeviceFeature feature : features) {
      feature.changed();
    }
  }

  private AllocatedDevice bind(ResourceClaim claim, DeviceRequestAllocationResult result) {
    return new AllocatedDevice(
        result.getRequest(),
        result.getPool() == null ? "" : result.getPool(),
        devices
            .find(result.getDevice())
            .orElseThrow(() -> new UnknownDeviceException(describe(claim), result.getDevice())),
        Boolean.TRUE.equals(result.getAdminAccess()),
        Optional.ofNullable(result.getShareID()),
        ConsumedCapacity.memory(claim, result));
  }

  /** The devices the features keep off the published slices while the checkpoint's claims hold. */
  public Set<String> hiddenDevices() {
    if (hiding.isEmpty()) {
      return Set.of(); // no checkpoint read for every other republish
    }
    try {
      CheckpointV1 checkpoint = checkpoints.read();
      Set<String> hidden = new HashSet<>();
      hiding.forEach(f -> hidden.addAll(f.hidden(checkpoint)));
      return hidden;
    } catch (CheckpointUnreadableException e) {
      return Set.of(); // every prepare fails closed meanwhile, hidden devices included
    }
  }

  private static String describe(ResourceClaim claim) {
    return AllocationCheck.describe(claim);
  }
}
