package dev.gpudra.nvml.simulated;

import dev.gpudra.nvml.MigProfile;
import dev.gpudra.nvml.Placement;
import java.util.Objects;

/** A MIG device a profile pre-creates: which GPU-instance profile, at which placement. */
public record MigDeviceSpec(MigProfile profile, Placement placement) {
  public MigDeviceSpec {
    Objects.requireNonNull(profile, "profile");
    Objects.requireNonNull(placement, "placement");
  }

  /** True when the two devices share a memory slice. */
  public boolean overlaps(MigDeviceSpec other) {
    int end = placement.start() + placement.size();
    int otherEnd = other.placement.start() + other.placement.size();
    return placement.start() < otherEnd && other.placement.start() < end;
  }
}
