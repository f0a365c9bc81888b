package dev.gpudra.gpu.discovery;

import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigDevice;
import dev.gpudra.nvml.MigProfile;
import dev.gpudra.nvml.Placement;
import java.util.Locale;
import java.util.Objects;

/**
 * A MIG device that already exists on a GPU in MIG mode: device {@code
 * gpu-<parentMinor>-mig-<profile>-<giProfileId>-<placementStart>}.
 */
public record StaticMigDevice(GpuInfo gpu, MigDevice mig) implements AllocatableDevice {
  public StaticMigDevice {
    Objects.requireNonNull(gpu, "gpu");
    Objects.requireNonNull(mig, "mig");
  }

  @Override
  public String name() {
    return name(gpu, mig.profile(), mig.placement());
  }

  /** {@code gpu-<parentMinor>-mig-<profile>-<giProfileId>-<placementStart>}. */
  static String name(GpuInfo gpu, MigProfile profile, Placement placement) {
    return "gpu-"
        + gpu.minor()
        + "-mig-"
        + canonicalProfile(profile.name())
        + "-"
        + profile.id()
        + "-"
        + placement.start();
  }

  @Override
  public DeviceType type() {
    return DeviceType.MIG;
  }

  @Override
  public String uuid() {
    return mig.uuid();
  }

  /**
   * The profile as it appears in device names: lower case, dots removed, anything outside {@code
   * [a-z0-9-]} replaced by {@code -}, trimmed of {@code -} ({@code 1g.5gb+me} becomes {@code
   * 1g5gb-me}).
   */
  static String canonicalProfile(String profile) {
    String name = profile.toLowerCase(Locale.ROOT).replace(".", "").replaceAll("[^a-z0-9-]", "-");
    return name.replaceAll("^-+|-+$", "");
  }
}
