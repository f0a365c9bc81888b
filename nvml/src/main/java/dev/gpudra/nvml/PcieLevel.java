package dev.gpudra.nvml;

/**
 * The closest PCIe ancestor two GPUs share, as {@code nvmlDeviceGetTopologyCommonAncestor} reports
 * it ({@code nvmlGpuTopologyLevel_t}), nearest first.
 */
public enum PcieLevel {
  /** The same board (two GPUs on one card). */
  INTERNAL(0),
  /** One PCIe switch between them. */
  SINGLE(10),
  /** Several PCIe switches, no host bridge. */
  MULTIPLE(20),
  /** The same host bridge (root complex). */
  HOSTBRIDGE(30),
  /** Different host bridges of one NUMA node. */
  NODE(40),
  /** Different NUMA nodes: the path crosses the CPUs' interconnect. */
  SYSTEM(50);

  private final int nvmlValue;

  PcieLevel(int nvmlValue) {
    this.nvmlValue = nvmlValue;
  }

  public int nvmlValue() {
    return nvmlValue;
  }

  /**
   * @throws IllegalArgumentException for a value NVML does not define
   */
  public static PcieLevel fromNvml(int value) {
    for (PcieLevel level : values()) {
      if (level.nvmlValue == value) {
        return level;
      }
    }
    throw new IllegalArgumentException("not an nvmlGpuTopologyLevel_t: " + value);
  }
}
