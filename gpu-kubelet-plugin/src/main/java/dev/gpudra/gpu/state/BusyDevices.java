package dev.gpudra.gpu.state;

import dev.gpudra.gpu.checkpoint.CheckpointDevice;
import dev.gpudra.gpu.checkpoint.CheckpointV1;
import dev.gpudra.gpu.checkpoint.PreparedClaim;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.List;
import java.util.Map;

/**
 * Which devices the checkpoint's other claims keep from a claim: a device prepared for another
 * claim (unless one of them has admin access, or both hold a share of it), and what the registered
 * features keep from it (with PassthroughSupport, the other representation of a GPU a claim holds).
 */
final class BusyDevices {
  private final List<DeviceFeature> features;

  BusyDevices(List<DeviceFeature> features) {
    this.features = List.copyOf(features);
  }

  /**
   * @throws DeviceBusyException naming the first result another claim (or a feature) keeps
   */
  void refuse(
      CheckpointV1 checkpoint, ResourceClaim claim, List<DeviceRequestAllocationResult> results) {
    String uid = claim.getMetadata().getUid();
    List<String> names = results.stream().map(DeviceRequestAllocationResult::getDevice).toList();
    String name = describe(claim);
    for (DeviceRequestAllocationResult result : results) {
      if (Boolean.TRUE.equals(result.getAdminAccess())) {
        continue;
      }
      for (Map.Entry<String, PreparedClaim> other : checkpoint.claims().entrySet()) {
        if (!other.getKey().equals(uid)
            && other.getValue().isCompleted()
            && other.getValue().devices().stream()
                .anyMatch(d -> d.device().equals(result.getDevice()) && exclusive(d, result))) {
          throw new DeviceBusyException(name, result.getDevice(), other.getKey());
        }
      }
      for (DeviceFeature feature : features) {
        feature.refuseBusy(name, uid, names, result.getDevice(), checkpoint);
      }
    }
  }

  /**
   * Whether a prepared device keeps {@code result} off it: unless it was allocated with admin
   * access, or both hold a share of it (consumable capacity: the scheduler counted their capacity).
   */
  private static boolean exclusive(CheckpointDevice held, DeviceRequestAllocationResult result) {
    return !held.adminAccess() && (held.shareId() == null || result.getShareID() == null);
  }

  private static String describe(ResourceClaim claim) {
    return AllocationCheck.describe(claim);
  }
}
