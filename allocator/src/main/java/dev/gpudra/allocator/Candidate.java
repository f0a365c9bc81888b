package dev.gpudra.allocator;

import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import java.util.Objects;

/** One published device, with the slice it came from (for the result's node selector). */
record Candidate(DeviceId id, Device device, ResourceSlice slice) {

  Candidate {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(slice, "slice");
  }
}
