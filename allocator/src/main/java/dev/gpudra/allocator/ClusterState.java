package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.resource.v1.DeviceClass;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What the scheduler knows besides the claim: classes, published slices, devices in use, and the
 * DeviceTaintRules that taint published devices.
 *
 * @param deviceClasses DeviceClasses by {@code metadata.name}
 * @param slices every visible ResourceSlice, for all nodes; the allocator picks the node's own
 * @param inUse what other claims hold: whole devices (without admin access) and shares
 * @param taintRules every DeviceTaintRule, applied to the devices of {@code slices}
 */
public record ClusterState(
    Map<String, DeviceClass> deviceClasses,
    List<ResourceSlice> slices,
    DevicesInUse inUse,
    List<TaintRule> taintRules) {

  public ClusterState {
    deviceClasses = Map.copyOf(Objects.requireNonNull(deviceClasses, "deviceClasses"));
    slices = List.copyOf(Objects.requireNonNull(slices, "slices"));
    Objects.requireNonNull(inUse, "inUse");
    taintRules = List.copyOf(Objects.requireNonNull(taintRules, "taintRules"));
  }

  /** Without DeviceTaintRules. */
  public ClusterState(
      Map<String, DeviceClass> deviceClasses, List<ResourceSlice> slices, DevicesInUse inUse) {
    this(deviceClasses, slices, inUse, List.of());
  }

  /** Other claims hold these devices whole and no shares; no DeviceTaintRules. */
  public ClusterState(
      Map<String, DeviceClass> deviceClasses,
      List<ResourceSlice> slices,
      Set<DeviceId> allocatedDevices) {
    this(deviceClasses, slices, DevicesInUse.of(allocatedDevices));
  }

  /** This state with {@code more} DeviceTaintRules besides its own. */
  public ClusterState withTaintRules(List<TaintRule> more) {
    List<TaintRule> all = new java.util.ArrayList<>(taintRules);
    all.addAll(more);
    return new ClusterState(deviceClasses, slices, inUse, all);
  }

  /** Devices other claims hold whole. */
  public Set<DeviceId> allocatedDevices() {
    return inUse.exclusive();
  }
}
