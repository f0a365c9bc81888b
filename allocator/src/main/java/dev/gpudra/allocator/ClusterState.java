package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What the scheduler knows besides the claim: classes, published slices, and devices in use.
 *
 * @param deviceClasses DeviceClasses by {@code metadata.name}
 * @param slices every visible ResourceSlice, for all nodes; the allocator picks the node's own
 * @param inUse what other claims hold: whole devices (without admin access) and shares
 */
public record ClusterState(
    Map<String, DeviceClass> deviceClasses, List<ResourceSlice> slices, DevicesInUse inUse) {

  public ClusterState {
    deviceClasses = Map.copyOf(Objects.requireNonNull(deviceClasses, "deviceClasses"));
    slices = List.copyOf(Objects.requireNonNull(slices, "slices"));
    Objects.requireNonNull(inUse, "inUse");
  }

  /** Other claims hold these devices whole and no shares. */
  public ClusterState(
      Map<String, DeviceClass> deviceClasses,
      List<ResourceSlice> slices,
      Set<DeviceId> allocatedDevices) {
    this(deviceClasses, slices, DevicesInUse.of(allocatedDevices));
  }

  /** Devices other claims hold whole. */
  public Set<DeviceId> allocatedDevices() {
    return inUse.exclusive();
  }
}
