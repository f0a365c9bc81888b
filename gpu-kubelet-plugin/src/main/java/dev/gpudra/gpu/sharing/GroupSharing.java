package dev.gpudra.gpu.sharing;

import dev.gpudra.gpu.checkpoint.SharingRecord;
import dev.gpudra.gpu.config.AllocatedDevice;
import dev.gpudra.gpu.mps.MpsDaemon;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What one config group of a claim will set.
 *
 * @param devices each device's record
 * @param daemon the group's MPS control daemon, for an MPS config
 */
public record GroupSharing(
    Map<AllocatedDevice, SharingRecord> devices, Optional<MpsDaemon> daemon) {
  public GroupSharing {
    devices = Map.copyOf(devices);
    Objects.requireNonNull(daemon, "daemon");
  }
}
