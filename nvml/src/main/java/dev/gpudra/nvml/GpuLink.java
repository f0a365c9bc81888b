package dev.gpudra.nvml;

import java.util.Objects;

/**
 * How two GPUs reach each other: over PCIe through their closest common ancestor, and over NVLink.
 *
 * @param pcie the closest PCIe ancestor they share
 * @param nvlinks the active NVLinks between them, directly or through NVSwitches; 0 to {@link
 *     #MAX_NVLINKS}
 */
public record GpuLink(PcieLevel pcie, int nvlinks) {
  /** {@code NVML_NVLINK_MAX_LINKS}: the most NVLinks one GPU has (18 since Hopper). */
  public static final int MAX_NVLINKS = 18;

  public GpuLink {
    Objects.requireNonNull(pcie, "pcie");
    if (nvlinks < 0 || nvlinks > MAX_NVLINKS) {
      throw new IllegalArgumentException(
          "nvlinks must be between 0 and " + MAX_NVLINKS + ": " + nvlinks);
    }
  }
}
