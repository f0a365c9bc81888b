package dev.gpudra.node.driverroot;

import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;

/** GPUs of the simulated {@code dgx-a100} profile, by minor number (0 to 7). */
final class SimulatedGpus {
  private SimulatedGpus() {}

  static GpuInfo gpu(int minor) {
    try (SimulatedNvml nvml = new SimulatedNvml(new ProfileLoader().load("dgx-a100"), "node-a")) {
      return nvml.gpus().stream()
          .filter(gpu -> gpu.minor() == minor)
          .findFirst()
          .orElseThrow(() -> new IllegalArgumentException("dgx-a100 has no GPU " + minor));
    }
  }
}
