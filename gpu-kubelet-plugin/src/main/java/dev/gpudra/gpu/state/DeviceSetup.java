package dev.gpudra.gpu.state;

import dev.gpudra.gpu.checkpoint.CheckpointDevice;
import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.nvml.NvmlException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Sets a claim's devices up beyond its CDI spec, through the registered features in their order,
 * and takes that down again, for unprepare and for roll-backs of claims that never completed.
 */
final class DeviceSetup {
  private final DeviceLookup devices;
  private final List<DeviceFeature> features;

  DeviceSetup(DeviceLookup devices, List<DeviceFeature> features) {
    this.devices = devices;
    this.features = List.copyOf(features);
  }

  /**
   * @param cdiDevices what the CDI spec describes (created MIG devices in place of abstract ones)
   * @param records the checkpoint records, created MIG devices with their UUID, GI and CI
   */
  record Result(List<AllocatableDevice> cdiDevices, List<CheckpointDevice> records) {}

  /**
   * @param planned the claim's records, in the order of its allocated devices
   */
  Result setUp(ClaimPlan claim, List<CheckpointDevice> planned) {
    return named(claim.name(), () -> setUpNow(claim, planned));
  }

  /** A GPU's refusal names the claim it failed, as every claim error does. */
  private static <T> T named(String claim, Supplier<T> work) {
    try {
      return work.get();
    } catch (NvmlException e) {
      throw new NvmlException("claim " + claim + ": " + e.getMessage(), e);
    }
  }

  /**
   * Each feature sets up what spans the claim, then each device is set up by every feature in turn,
   * device by device in allocation order; returns the devices as the CDI spec describes them.
   */
  private Result setUpNow(ClaimPlan claim, List<CheckpointDevice> records) {
    for (DeviceFeature feature : features) {
      feature.setUpClaim(claim, records);
    }
    List<AllocatableDevice> cdi = new ArrayList<>(records.size());
    List<CheckpointDevice> out = new ArrayList<>(records.size());
    for (int i = 0; i < records.size(); i++) {
      CheckpointDevice record = records.get(i);
      AllocatableDevice device = claim.allocated().get(i).device();
      for (DeviceFeature feature : features) {
        record = feature.setUpDevice(claim, record, device);
      }
      out.add(record);
      cdi.add(concrete(record));
    }
    return new Result(cdi, out);
  }

  /** The planned records with what each feature reads before the claim is marked started. */
  List<CheckpointDevice> beforeStart(ClaimPlan claim, List<CheckpointDevice> planned) {
    List<CheckpointDevice> records = planned;
    for (DeviceFeature feature : features) {
      records = feature.beforeStart(claim, records);
    }
    return records;
  }

  /**
   * A claim whose records were rebuilt from its CDI spec: each feature completes them from the node
   * (a MIG device found by profile and placement), then they are set up again.
   */
  Result adopt(ClaimPlan claim, List<CheckpointDevice> records) {
    return named(claim.name(), () -> adoptNow(claim, records));
  }

  private Result adoptNow(ClaimPlan claim, List<CheckpointDevice> records) {
    List<CheckpointDevice> known = new ArrayList<>(records.size());
    for (int i = 0; i < records.size(); i++) {
      CheckpointDevice record = records.get(i);
      AllocatableDevice device = claim.allocated().get(i).device();
      for (DeviceFeature feature : features) {
        record = feature.adopt(record, device);
      }
      known.add(record);
    }
    return setUpNow(claim, known);
  }

  /** What the features add to each record's CDI edits (an MPS daemon's, vfio nodes), by name. */
  Map<String, ContainerEdits> extraEdits(List<CheckpointDevice> records) {
    Map<String, ContainerEdits> extra = new HashMap<>();
    for (CheckpointDevice record : records) {
      ContainerEdits edits = ContainerEdits.none();
      for (DeviceFeature feature : features) {
        ContainerEdits more = feature.edits(record);
        edits = more.isEmpty() ? edits : edits.followedBy(more);
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
    for (DeviceFeature feature : features) {
      device = feature.concrete(record, device);
    }
    return device;
  }

  /** Undoes what {@link #setUp} did for a claim's records, feature by feature. */
  void release(DeviceFeature.Release release) {
    named(
        release.claim(),
        () -> {
          for (DeviceFeature feature : features) {
            feature.release(release);
          }
          return null;
        });
  }
}
