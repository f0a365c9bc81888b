package dev.gpudra.gpu.state;

import dev.gpudra.gpu.cdi.ClaimSpecBuilder;
import dev.gpudra.gpu.checkpoint.CheckpointDevice;
import dev.gpudra.gpu.config.AllocatedDevice;
import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.gpu.discovery.StaticMigDevice;
import dev.gpudra.kit.PreparedDevice;
import java.util.List;
import java.util.Optional;

/** Converts between allocated devices, checkpoint entries and the kit's prepared devices. */
final class DeviceRecords {
  private DeviceRecords() {}

  static CheckpointDevice toCheckpoint(String claimUid, AllocatedDevice allocated) {
    AllocatableDevice device = allocated.device();
    return new CheckpointDevice(
        device.name(),
        device.type().attribute(),
        device.uuid(),
        List.of(allocated.baseRequest()),
        allocated.pool(),
        List.of(ClaimSpecBuilder.qualifiedId(claimUid, device.name())),
        allocated.adminAccess(),
        allocated.shareId().orElse(null),
        gpuInstanceId(device),
        computeInstanceId(device),
        null);
  }

  /**
   * A device known only from a claim's CDI spec (the checkpoint was lost): no request names until
   * the kubelet's next prepare of the claim fills them in from its allocation.
   */
  static CheckpointDevice recovered(
      String claimUid, String name, AllocatableDevice device, String pool) {
    if (device == null) {
      return new CheckpointDevice(
          name,
          "gpu",
          "",
          List.of(),
          pool,
          List.of(ClaimSpecBuilder.qualifiedId(claimUid, name)),
          false,
          null,
          null,
          null,
          null);
    }
    return new CheckpointDevice(
        name,
        device.type().attribute(),
        device.uuid(),
        List.of(),
        pool,
        List.of(ClaimSpecBuilder.qualifiedId(claimUid, name)),
        false,
        null,
        gpuInstanceId(device),
        computeInstanceId(device),
        null);
  }

  /** Whether a claim's devices were recovered from its CDI spec ({@link #recovered}). */
  static boolean isRecovered(List<CheckpointDevice> devices) {
    return !devices.isEmpty() && devices.stream().allMatch(d -> d.requestNames().isEmpty());
  }

  private static Integer gpuInstanceId(AllocatableDevice device) {
    return device instanceof StaticMigDevice mig ? mig.mig().gpuInstanceId() : null;
  }

  private static Integer computeInstanceId(AllocatableDevice device) {
    return device instanceof StaticMigDevice mig ? mig.mig().computeInstanceId() : null;
  }

  static PreparedDevice toKit(CheckpointDevice device) {
    return new PreparedDevice(
        device.requestNames(),
        device.pool(),
        device.device(),
        device.cdiDeviceIds(),
        Optional.ofNullable(device.shareId()));
  }

  static List<PreparedDevice> toKit(List<CheckpointDevice> devices) {
    return devices.stream().map(DeviceRecords::toKit).toList();
  }
}
