package dev.gpudra.gpu.plugin;

import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.nvml.Nvml;
import dev.gpudra.nvml.jna.NvmlBinding;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import dev.gpudra.nvml.smi.NvidiaSmiTimeSlicer;
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

  /**
   * Where a plugin on simulated GPUs keeps what it set on them, in its data directory: like a real
   * GPU's state, it outlives a restart of the plugin.
   */
  public static final String SIMULATED_STATE = "simulated-gpus.json";

  /**
   * NVML and the time slicer for the plugin's life. With TimeSlicingSettings on, real GPUs need the
   * driver root's {@code nvidia-smi}: its absence fails the start, not the first claim.
   *
   * @throws dev.gpudra.nvml.NvmlLibraryNotFoundException NVML or a needed nvidia-smi is missing
   */
  public static NodeGpus openNode(GpuPluginConfig config) {
    Optional<String> profile = config.simulatedGpus().filter(s -> !s.isBlank());
    if (profile.isPresent()) {
      SimulatedNvml simulated =
          new SimulatedNvml(
              new ProfileLoader().load(profile.get()),
              config.nodeName(),
              Optional.of(config.dataDir().resolve(SIMULATED_STATE)));
      return new NodeGpus(simulated, simulated);
    }
    Nvml nvml = NvmlBinding.open(config.driverRoot());
    try {
      NvidiaSmiTimeSlicer slicer = new NvidiaSmiTimeSlicer(config.driverRoot());
      if (config.featureGates().enabled(FeatureGate.TIME_SLICING_SETTINGS)) {
        slicer.checked();
      }
      return new NodeGpus(nvml, slicer);
    } catch (RuntimeException e) {
      nvml.close();
      throw e;
    }
  }
}
