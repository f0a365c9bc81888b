package dev.gpudra.computedomain.clique;

import dev.gpudra.nvml.FabricInfo;
import dev.gpudra.nvml.FabricState;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Derives the node's clique from each GPU's fabric information, as NVIDIA's compute-domain plugin
 * does: a GPU without fabric support (NVML NOT_SUPPORTED, pre-Hopper) or on a single-node NVSwitch
 * (all-zero cluster UUID) is left out; in strict mode a GPU whose registration is not complete, or
 * completed with an error, is an error; in legacy mode such a GPU is left out (not attached).
 */
public final class CliqueIds {
  private static final int SUCCESS = 0;

  private final boolean strict;

  /**
   * @param strict {@code CrashOnNVLinkFabricErrors} (on by default)
   */
  public CliqueIds(boolean strict) {
    this.strict = strict;
  }

  /**
   * The clique of these GPUs, by GPU UUID (empty: NVML said NOT_SUPPORTED).
   *
   * @return {@code <cluster UUID>.<clique ID>}, or empty when no GPU is on a multi-node fabric
   * @throws CliqueException a GPU's registration is not usable (strict), or GPUs disagree
   */
  public Optional<String> derive(Map<String, Optional<FabricInfo>> gpus) {
    Map<String, String> cliques = new TreeMap<>();
    for (Map.Entry<String, Optional<FabricInfo>> gpu : new TreeMap<>(gpus).entrySet()) {
      clique(gpu.getKey(), gpu.getValue()).ifPresent(c -> cliques.put(gpu.getKey(), c));
    }
    TreeSet<String> distinct = new TreeSet<>(cliques.values());
    if (distinct.size() > 1) {
      throw new CliqueException(
          "the GPUs of this node are in different NVLink cliques "
              + cliques
              + ": a node belongs to one clique");
    }
    return distinct.stream().findFirst();
  }

  private Optional<String> clique(String uuid, Optional<FabricInfo> fabric) {
    if (fabric.isEmpty() || fabric.get().state() == FabricState.NOT_SUPPORTED) {
      return Optional.empty();
    }
    FabricInfo info = fabric.get();
    if (info.state() != FabricState.COMPLETED || info.status() != SUCCESS) {
      if (!strict) {
        return Optional.empty(); // legacy: not attached, not in a clique
      }
      throw new CliqueException(
          info.state() != FabricState.COMPLETED
              ? "GPU "
                  + uuid
                  + ": NVLink fabric not attached (registration "
                  + info.state()
                  + "); refusing to start (CrashOnNVLinkFabricErrors): wait for the fabric"
                  + " manager, or turn the gate off to run this node without a clique"
              : "GPU "
                  + uuid
                  + ": NVLink fabric registration error (NVML status "
                  + info.status()
                  + "); refusing to start (CrashOnNVLinkFabricErrors)");
    }
    return info.multiNode() ? Optional.of(info.cliqueName()) : Optional.empty();
  }
}
