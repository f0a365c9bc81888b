package dev.gpudra.migrate.claims;

import dev.gpudra.api.v1beta1.DeviceConfig;
import dev.gpudra.api.v1beta1.GpuConfig;
import dev.gpudra.api.v1beta1.GpuSharing;
import dev.gpudra.api.v1beta1.MigDeviceConfig;
import dev.gpudra.api.v1beta1.MigDeviceSharing;
import dev.gpudra.api.v1beta1.MpsConfig;
import dev.gpudra.api.v1beta1.SharingStrategy;
import dev.gpudra.api.v1beta1.TimeSliceInterval;
import dev.gpudra.api.v1beta1.TimeSlicingConfig;
import dev.gpudra.deviceclasses.model.DriverKind;
import dev.gpudra.deviceclasses.model.NvidiaDeviceClass;
import dev.gpudra.migrate.resources.Classification;
import dev.gpudra.migrate.resources.PluginDevice;
import dev.gpudra.migrate.resources.SharedResource;
import java.util.Map;
import java.util.Optional;

/**
 * The DRA request for a device-plugin resource. Sharing carries over as the DRA driver's: NVIDIA's
 * device plugin time-slices with the GPU's default time slice ({@code interval: Default}), and
 * under MPS gives each of a GPU's replicas {@code 100 / replicas} percent of its threads (its
 * pinned-memory share depends on the GPU's memory, which a manifest does not say: left unset).
 */
public final class RequestPlanner {
  /** The attribute the DRA driver publishes a MIG device's profile under. */
  static final String PROFILE_ATTRIBUTE = "profile";

  /**
   * @param resourceName the device-plugin resource, e.g. {@code nvidia.com/mig-1g.10gb}
   * @param resource what it is
   * @param count the quantity the container asked for, at least 1
   */
  public DeviceRequestPlan plan(
      String resourceName, Classification.Translatable resource, long count) {
    String request = ClaimNames.request(resourceName);
    return switch (resource.device()) {
      case PluginDevice.WholeGpu gpu ->
          new DeviceRequestPlan(
              request,
              NvidiaDeviceClass.GPU.className(),
              count,
              Optional.empty(),
              resource.sharing().map(RequestPlanner::gpuConfig));
      case PluginDevice.MigDevice mig ->
          new DeviceRequestPlan(
              request,
              NvidiaDeviceClass.MIG.className(),
              count,
              Optional.of(profileSelector(mig.profile())),
              resource.sharing().map(RequestPlanner::migConfig));
    };
  }

  /** The CEL selector of MIG devices of one profile. */
  static String profileSelector(String profile) {
    return "device.attributes['"
        + DriverKind.GPU.driverName()
        + "']."
        + PROFILE_ATTRIBUTE
        + " == '"
        + profile
        + "'";
  }

  private static DeviceConfig gpuConfig(SharedResource shared) {
    return new GpuConfig(
        shared.strategy() == SharingStrategy.TIME_SLICING
            ? new GpuSharing(
                SharingStrategy.TIME_SLICING,
                new TimeSlicingConfig(TimeSliceInterval.DEFAULT),
                null)
            : new GpuSharing(SharingStrategy.MPS, null, mps(shared)));
  }

  private static DeviceConfig migConfig(SharedResource shared) {
    return new MigDeviceConfig(
        shared.strategy() == SharingStrategy.TIME_SLICING
            ? new MigDeviceSharing(SharingStrategy.TIME_SLICING, null)
            : new MigDeviceSharing(SharingStrategy.MPS, mps(shared)));
  }

  private static MpsConfig mps(SharedResource shared) {
    return new MpsConfig(100 / shared.replicas(), null, Map.of());
  }
}
