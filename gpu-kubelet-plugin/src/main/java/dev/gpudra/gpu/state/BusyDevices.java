package dev.gpudra.gpu.state;

import dev.gpudra.gpu.checkpoint.CheckpointDevice;
import dev.gpudra.gpu.checkpoint.CheckpointV1;
import dev.gpudra.gpu.checkpoint.PreparedClaim;
import dev.gpudra.gpu.passthrough.Passthrough;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which devices the checkpoint's other claims keep from a claim: a device prepared for another
 * claim (unless one of them has admin access, or both hold a share of it), and with
 * PassthroughSupport the other representation of a GPU a claim holds.
 */
final class BusyDevices {
  private final Optional<Passthrough> passthrough;

  BusyDevices(Optional<Passthrough> passthrough) {
    this.passthrough = passthrough;
  }

  /**
   * @throws DeviceBusyException naming the first result another claim (or its sibling) holds
   */
  void refuse(
      CheckpointV1 checkpoint, ResourceClaim claim, List<DeviceRequestAllocationResult> results) {
    String uid = claim.getMetadata().getUid();
    for (DeviceRequestAllocationResult result : results) {
      if (Boolean.TRUE.equals(result.getAdminAccess())) {
        continue;
      }
      for (Map.Entry<String, PreparedClaim> other : checkpoint.claims().entrySet()) {
        if (!other.getKey().equals(uid)
            && other.getValue().isCompleted()
            && other.getValue().devices().stream()
                .anyMatch(d -> d.device().equals(result.getDevice()) && exclusive(d, result))) {
          throw new DeviceBusyException(describe(claim), result.getDevice(), other.getKey());
        }
      }
      refuseHeldSibling(checkpoint, claim, results, result.getDevice());
    }
  }

  /**
   * Whether a prepared device keeps {@code result} off it: unless it was allocated with admin
   * access, or both hold a share of it (consumable capacity: the scheduler counted their capacity).
   */
  private static boolean exclusive(CheckpointDevice held, DeviceRequestAllocationResult result) {
    return !held.adminAccess() && (held.shareId() == null || result.getShareID() == null);
  }

  /**
   * PassthroughSupport: a GPU is either {@code gpu-<minor>} or {@code gpu-vfio-<i>}; the scheduler
   * may hand out both before the slices hide one, so a prepared (or half-prepared) sibling makes
   * the other busy, in this claim too.
   */
  private void refuseHeldSibling(
      CheckpointV1 checkpoint,
      ResourceClaim claim,
      List<DeviceRequestAllocationResult> results,
      String device) {
    Optional<String> sibling = passthrough.flatMap(p -> p.sibling(device));
    if (sibling.isEmpty()) {
      return;
    }
    String uid = claim.getMetadata().getUid();
    if (results.stream().anyMatch(r -> r.getDevice().equals(sibling.get()))) {
      throw new DeviceBusyException(describe(claim), device, sibling.get(), uid);
    }
    for (Map.Entry<String, PreparedClaim> other : checkpoint.claims().entrySet()) {
      if (!other.getKey().equals(uid)
          && other.getValue().devices().stream().anyMatch(d -> d.device().equals(sibling.get()))) {
        throw new DeviceBusyException(describe(claim), device, sibling.get(), other.getKey());
      }
    }
  }

  /** The devices whose other representation a claim of the checkpoint holds: not published. */
  Set<String> hiddenSiblings(CheckpointV1 checkpoint) {
    return passthrough
        .map(p ->
            checkpoint.claims().values().stream()
                .flatMap(c -> c.devices().stream())
                .map(d -> p.sibling(d.device()))
                .flatMap(Optional::stream)
                .collect(Collectors.toSet()))
        .orElse(Set.of());
  }

  private static String describe(ResourceClaim claim) {
    return AllocationCheck.describe(claim);
  }
}
