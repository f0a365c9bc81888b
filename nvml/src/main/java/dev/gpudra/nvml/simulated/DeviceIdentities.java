package dev.gpudra.nvml.simulated;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.UUID;

/**
 * Stable simulated UUIDs: name-based (RFC 4122 version 3) UUIDs of the profile name, the node name
 * and the device's position, so a node keeps its UUIDs across restarts and two nodes never share
 * one.
 */
record DeviceIdentities(String profileName, String nodeName) {
  DeviceIdentities {
    Objects.requireNonNull(profileName, "profileName");
    Objects.requireNonNull(nodeName, "nodeName");
    if (nodeName.isBlank()) {
      throw new IllegalArgumentException("nodeName must not be blank");
    }
  }

  String gpuUuid(int index) {
    return "GPU-" + nameUuid("gpu/" + index);
  }

  String migUuid(int gpuIndex, int gpuInstanceId) {
    return "MIG-" + nameUuid("gpu/" + gpuIndex + "/gi/" + gpuInstanceId);
  }

  /** A MIG device created at run time: a new UUID each time, as NVML gives. */
  String createdMigUuid(int gpuIndex, long serial) {
    return "MIG-" + nameUuid("gpu/" + gpuIndex + "/created/" + serial);
  }

  private UUID nameUuid(String device) {
    String name = "gpu-dra/simulated/" + profileName + "/" + nodeName + "/" + device;
    return UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8));
  }
}
