package dev.gpudra.deviceplugin.devices;

import dev.gpudra.nvml.MigDevice;
import java.util.Objects;

/**
 * A MIG device and its index among its GPU's MIG devices (NVML's MIG handle index: the {@code j} of
 * the index strategy's {@code i:j}).
 */
public record MigSlot(int index, MigDevice device) {
  public MigSlot {
    Objects.requireNonNull(device, "device");
    if (index < 0) {
      throw new IllegalArgumentException("MIG index must be >= 0: " + index);
    }
  }

  /**
   * The resource NVIDIA's mixed strategy puts it under: {@code nvidia.com/mig-<profile>}, {@code +}
   * replaced by {@code .} (e.g. {@code nvidia.com/mig-1g.10gb.me}).
   */
  public String mixedResource() {
    return "nvidia.com/mig-" + device.profile().name().replace('+', '.');
  }
}
