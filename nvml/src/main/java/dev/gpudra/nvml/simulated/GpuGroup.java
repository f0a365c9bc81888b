package dev.gpudra.nvml.simulated;

import dev.gpudra.nvml.AddressingMode;
import dev.gpudra.nvml.FabricInfo;
import dev.gpudra.nvml.MigMode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code count} identical GPUs of one model, configured the same way.
 *
 * @param migDevices the MIG devices each GPU of the group has; only with {@link MigMode#ENABLED}
 * @param fabric NVLink fabric registration; empty where NVML reports NOT_SUPPORTED
 */
public record GpuGroup(
    int count,
    GpuModel model,
    MigMode migMode,
    AddressingMode addressingMode,
    List<MigDeviceSpec> migDevices,
    Optional<FabricInfo> fabric) {
  public GpuGroup {
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(migMode, "migMode");
    Objects.requireNonNull(addressingMode, "addressingMode");
    Objects.requireNonNull(fabric, "fabric");
    migDevices = List.copyOf(migDevices);
    if (count < 1) {
      throw new IllegalArgumentException("count must be at least 1: " + count);
    }
    if (migMode != MigMode.ENABLED && !migDevices.isEmpty()) {
      throw new IllegalArgumentException("migDevices need migMode Enabled");
    }
    if (migMode == MigMode.NOT_SUPPORTED && !model.migProfiles().isEmpty()) {
      throw new IllegalArgumentException("a GPU without MIG support has no MIG profiles");
    }
    if (migMode != MigMode.NOT_SUPPORTED && model.migProfiles().isEmpty()) {
      throw new IllegalArgumentException("migMode " + migMode + " needs migProfiles");
    }
  }
}
