package dev.gpudra.demo.realnode;

import dev.gpudra.computedomain.clique.CliqueIds;
import dev.gpudra.nvml.FabricInfo;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.simulated.ProfileLoader;
import dev.gpudra.nvml.simulated.SimulatedNvml;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The NVLink clique of a node's simulated GPUs, as the compute-domain plugin reads it from the
 * fabric and labels the node with ({@value #LABEL}, with {@code --gpu-clique-label-enabled}).
 */
final class NvlinkClique {
  static final String LABEL = "nvidia.com/gpu.clique";

  private NvlinkClique() {}

  /**
   * @return {@code <cluster UUID>.<clique ID>}; empty for a profile off a multi-node NVLink fabric
   */
  static Optional<String> of(String profile, String nodeName) {
    try (SimulatedNvml nvml = new SimulatedNvml(new ProfileLoader().load(profile), nodeName)) {
      Map<String, Optional<FabricInfo>> fabric = new LinkedHashMap<>();
      for (GpuInfo gpu : nvml.gpus()) {
        fabric.put(gpu.uuid(), nvml.fabricInfo(gpu));
      }
      return new CliqueIds(false).derive(fabric);
    }
  }
}
