package dev.gpudra.gpu.passthrough;

import dev.gpudra.gpu.checkpoint.CheckpointDevice;
import dev.gpudra.gpu.checkpoint.CheckpointV1;
import dev.gpudra.gpu.checkpoint.PreparedClaim;
import dev.gpudra.gpu.checkpoint.SharingRecord;
import dev.gpudra.gpu.config.AllocatedDevice;
import dev.gpudra.gpu.config.ConfigGroup;
import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.gpu.discovery.VfioGpu;
import dev.gpudra.gpu.state.ClaimPlan;
import dev.gpudra.gpu.state.DeviceBusyException;
import dev.gpudra.gpu.state.DeviceFeature;
import dev.gpudra.gpu.state.DeviceLookup;
import dev.gpudra.kit.cdi.ContainerEdits;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * PassthroughSupport as a step of each prepare: a passthrough GPU's sibling is kept from claims
 * while one holds the GPU, its persistence mode is recorded before it moves, it is bound to
 * vfio-pci on set-up and given back to nvidia on release, and the published slices follow.
 */
public final class PassthroughFeature implements DeviceFeature {
  private final Passthrough passthrough;
  private final DeviceLookup devices;

  public PassthroughFeature(Passthrough passthrough, DeviceLookup devices) {
    this.passthrough = Objects.requireNonNull(passthrough, "passthrough");
    this.devices = Objects.requireNonNull(devices, "devices");
  }

  @Override
  public Map<AllocatedDevice, SharingRecord> plan(String claimUid, ConfigGroup group) {
    Map<AllocatedDevice, SharingRecord> records = new HashMap<>();
    for (AllocatedDevice device : group.devices()) {
      SharingRecord record = Passthrough.plan(group, device);
      if (!record.isEmpty()) {
        records.put(device, record);
      }
    }
    return records;
  }

  /**
   * A GPU is either {@code gpu-<minor>} (or, with DynamicMIG, its MIG devices) or {@code
   * gpu-vfio-<i>}; the scheduler may hand out both before the slices hide one, so a prepared (or
   * half-prepared) sibling makes the other busy, in this claim too.
   */
  @Override
  public void refuseBusy(
      String claim, String uid, List<String> results, String device, CheckpointV1 checkpoint) {
    for (String sibling : passthrough.siblings(device)) {
      if (results.contains(sibling)) {
        throw new DeviceBusyException(claim, device, sibling, uid);
      }
      for (Map.Entry<String, PreparedClaim> other : checkpoint.claims().entrySet()) {
        if (!other.getKey().equals(uid)
            && other.getValue().devices().stream().anyMatch(d -> d.device().equals(sibling))) {
          throw new DeviceBusyException(claim, device, sibling, other.getKey());
        }
      }
    }
  }

  /**
   * Each passthrough GPU's persistence mode as it is now, recorded before the claim is marked
   * started: a roll-back of a partial prepare, or of one a crash cut short, turns it on again.
   */
  @Override
  public List<CheckpointDevice> beforeStart(ClaimPlan claim, List<CheckpointDevice> planned) {
    List<CheckpointDevice> out = new ArrayList<>(planned.size());
    for (int i = 0; i < planned.size(); i++) {
      CheckpointDevice record = planned.get(i);
      if (claim.allocated().get(i).device() instanceof VfioGpu vfio) {
        boolean on = passthrough.persistenceModeOn(claim.name(), vfio);
        record = record.withSharing(record.sharingOrNone().withVfioPersistenceMode(on));
      }
      out.add(record);
    }
    return out;
  }

  @Override
  public CheckpointDevice setUpDevice(
      ClaimPlan claim, CheckpointDevice record, AllocatableDevice device) {
    if (!(device instanceof VfioGpu vfio)) {
      return record;
    }
    boolean persistent = passthrough.bind(claim.name(), vfio);
    boolean restore = persistent || record.sharingOrNone().restoresPersistenceMode();
    return record.withSharing(record.sharingOrNone().withVfioPersistenceMode(restore));
  }

  @Override
  public ContainerEdits edits(CheckpointDevice record) {
    return devices.find(record.device()).orElse(null) instanceof VfioGpu vfio
        ? passthrough.edits(vfio, record.sharingOrNone())
        : ContainerEdits.none();
  }

  /** Gives each released GPU back to nvidia, with its persistence mode where bind took it. */
  @Override
  public void release(Release release) {
    for (CheckpointDevice record : release.records()) {
      if (devices.find(record.device()).orElse(null) instanceof VfioGpu vfio) {
        passthrough.unbind(
            claim(release.uid(), release.checkpoint()),
            vfio,
            record.sharingOrNone().restoresPersistenceMode());
      }
    }
  }

  private static String claim(String uid, CheckpointV1 checkpoint) {
    PreparedClaim entry = checkpoint.claims().get(uid);
    return entry == null || entry.name().isEmpty() ? uid : entry.namespace() + "/" + entry.name();
  }

  @Override
  public void changed() {
    passthrough.changed();
  }

  @Override
  public boolean hidesDevices() {
    return true;
  }

  /** The devices whose other representation a claim of the checkpoint holds. */
  @Override
  public Set<String> hidden(CheckpointV1 checkpoint) {
    return checkpoint.claims().values().stream()
        .flatMap(c -> c.devices().stream())
        .flatMap(d -> passthrough.siblings(d.device()).stream())
        .collect(Collectors.toSet());
  }
}
