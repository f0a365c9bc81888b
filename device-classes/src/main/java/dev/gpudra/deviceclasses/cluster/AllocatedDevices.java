package dev.gpudra.deviceclasses.cluster;

import dev.gpudra.deviceclasses.allocation.DeviceId;
import io.fabric8.kubernetes.api.model.resource.v1.AllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;

/** The devices that claims hold, as kube-scheduler counts them. Pure. */
public final class AllocatedDevices {
  private AllocatedDevices() {}

  /**
   * Every device allocated to one of these claims; a result with admin access does not make its
   * device unavailable to others.
   */
  public static Set<DeviceId> of(Collection<ResourceClaim> claims) {
    Set<DeviceId> ids = new HashSet<>();
    for (ResourceClaim claim : claims) {
      AllocationResult result =
          claim.getStatus() == null ? null : claim.getStatus().getAllocation();
      if (result != null
          && result.getDevices() != null
          && result.getDevices().getResults() != null) {
        result.getDevices().getResults().stream()
            .filter(r -> !Boolean.TRUE.equals(r.getAdminAccess()))
            .forEach(r -> ids.add(new DeviceId(r.getDriver(), r.getPool(), r.getDevice())));
      }
    }
    return ids;
  }
}
