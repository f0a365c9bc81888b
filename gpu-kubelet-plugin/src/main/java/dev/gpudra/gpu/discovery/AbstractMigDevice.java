package dev.gpudra.gpu.discovery;

import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.MigProfile;
import dev.gpudra.nvml.Placement;
import java.util.Objects;

/**
 * A MIG device that DynamicMIG offers before it exists: a profile at a placement of a GPU, named as
 * a static one ({@code gpu-<minor>-mig-<profile>-<giProfileId>-<placementStart>}). It has no UUID
 * until the claim that gets it is prepared and NVML creates it.
 */
public record AbstractMigDevice(GpuInfo gpu, MigProfile profile, Placement placement)
    implements AllocatableDevice {
  public AbstractMigDevice {
    Objects.requireNonNull(gpu, "gpu");
    Objects.requireNonNull(profile, "profile");
    Objects.requireNonNull(placement, "placement");
  }

  @Override
  public String name() {
    return StaticMigDevice.name(gpu, profile, placement);
  }

  @Override
  public DeviceType type() {
    return DeviceType.MIG;
  }

  /** Empty: the device gets a UUID when it is created. */
  @Override
  public String uuid() {
    return "";
  }
}
