package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A pool as the scheduler uses it for one node: the highest generation's slices that reach the
 * node, sorted by slice name.
 */
record Pool(PoolStatus status, List<ResourceSlice> slices) {

  Pool {
    Objects.requireNonNull(status, "status");
    slices = List.copyOf(slices);
  }

  boolean invalid() {
    return status.state() == PoolStatus.State.INVALID;
  }

  boolean incomplete() {
    return status.state() == PoolStatus.State.INCOMPLETE;
  }

  /** Devices in iteration order: slice by slice, each slice's devices as published. */
  List<Candidate> candidates() {
    List<Candidate> candidates = new ArrayList<>();
    for (ResourceSlice slice : slices) {
      List<Device> devices = slice.getSpec().getDevices();
      for (Device device : devices == null ? List.<Device>of() : devices) {
        DeviceId id = new DeviceId(status.driver(), status.pool(), device.getName());
        candidates.add(new Candidate(id, device, slice));
      }
    }
    return candidates;
  }
}
