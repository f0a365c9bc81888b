package dev.gpudra.deviceclasses.model;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * What to render: which drivers are enabled and whether the GPU class carries the extended resource
 * name.
 *
 * @param drivers the drivers whose classes are rendered; may be empty
 * @param extendedResource whether {@code gpu.nvidia.com} sets {@code extendedResourceName}
 */
public record DeviceClassOptions(
    Set<DriverKind> drivers, ExtendedResourceMapping extendedResource) {

  public DeviceClassOptions {
    Objects.requireNonNull(drivers, "drivers");
    Objects.requireNonNull(extendedResource, "extendedResource");
    drivers = drivers.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(drivers));
  }

  /** Both drivers, with {@code extendedResourceName: nvidia.com/gpu} (a 1.34+ cluster). */
  public static DeviceClassOptions allDrivers() {
    return new DeviceClassOptions(
        EnumSet.allOf(DriverKind.class), ExtendedResourceMapping.NVIDIA_GPU);
  }

  /** Whether the classes of {@code driver} are rendered. */
  public boolean enabled(DriverKind driver) {
    return drivers.contains(driver);
  }
}
