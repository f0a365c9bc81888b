package dev.gpudra.allocator.cluster;

import dev.gpudra.allocator.DevicesInUse;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.Collection;

/** The devices that claims hold, as kube-scheduler counts them. Pure. */
public final class AllocatedDevices {
  private AllocatedDevices() {}

  /**
   * Every device allocated to one of these claims: whole, unless the result has admin access (the
   * device stays available to others) or a share ID (the share consumes capacity instead).
   */
  public static DevicesInUse of(Collection<ResourceClaim> claims) {
    DevicesInUse inUse = DevicesInUse.NONE;
    for (ResourceClaim claim : claims) {
      if (claim.getStatus() != null) {
        inUse = inUse.with(claim.getStatus().getAllocation());
      }
    }
    return inUse;
  }
}
