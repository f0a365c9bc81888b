package dev.gpudra.gpu.plugin;

import dev.gpudra.nvml.Nvml;
import dev.gpudra.nvml.jna.NvmlBinding;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import java.nio.file.Path;
import java.util.Optional;

/** Chooses the NVML backend: a simulated profile when one is named, else the real library. */
public final class NvmlFactory {
  private NvmlFactory() {}

  /**
   * @param simulatedGpus a built-in profile name or a profile file (SIMULATED_GPUS)
   * @param driverRoot where {@code libnvidia-ml.so.1} is searched for otherwise
   * @param nodeName seeds the simulated GPUs' identities
   */
  public static Nvml open(Optional<String> simulatedGpus, Path driverRoot, String nodeName) {
    return simulatedGpus
        .filter(s -> !s.isBlank())
        .<Nvml>map(p -> new SimulatedNvml(new ProfileLoader().load(p), nodeName))
        .orElseGet(() -> NvmlBinding.open(driverRoot));
  }
}
