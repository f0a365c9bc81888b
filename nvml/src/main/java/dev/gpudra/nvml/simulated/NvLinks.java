package dev.gpudra.nvml.simulated;

import dev.gpudra.nvml.GpuLink;
import java.util.List;

/**
 * The NVLinks of a simulated node: either every GPU on NVSwitches with the same number of links
 * (every pair then reaches each other over all of them), or bridges between pairs, or none.
 *
 * @param switchLinks links per GPU to the NVSwitches; 0 for no switches
 * @param bridges direct links between pairs of GPUs
 */
public record NvLinks(int switchLinks, List<Bridge> bridges) {
  public static final NvLinks NONE = new NvLinks(0, List.of());

  /**
   * Links between two GPUs, by NVML index.
   *
   * @param first the lower index
   * @param second the higher index
   */
  public record Bridge(int first, int second, int links) {
    public Bridge {
      if (first < 0 || second <= first) {
        throw new IllegalArgumentException(
            "a bridge joins two different GPUs, lower index first: " + first + ", " + second);
      }
      if (links < 1 || links > GpuLink.MAX_NVLINKS) {
        throw new IllegalArgumentException(
            "links must be between 1 and " + GpuLink.MAX_NVLINKS + ": " + links);
      }
    }
  }

  public NvLinks {
    bridges = List.copyOf(bridges);
    if (switchLinks < 0 || switchLinks > GpuLink.MAX_NVLINKS) {
      throw new IllegalArgumentException(
          "switch links must be between 0 and " + GpuLink.MAX_NVLINKS + ": " + switchLinks);
    }
    if (switchLinks > 0 && !bridges.isEmpty()) {
      throw new IllegalArgumentException("either NVSwitch links or bridges, not both");
    }
  }

  /** The NVLinks between GPUs {@code a} and {@code b} (different indices). */
  public int between(int a, int b) {
    if (switchLinks > 0) {
      return switchLinks;
    }
    int first = Math.min(a, b);
    int second = Math.max(a, b);
    return bridges.stream()
        .filter(bridge -> bridge.first() == first && bridge.second() == second)
        .mapToInt(Bridge::links)
        .sum();
  }
}
