package dev.gpudra.deviceplugin.allocation;

import dev.gpudra.nvml.GpuLink;

/**
 * NVIDIA's pairwise score: PCIe distance (across CPUs 10, same CPU 20, same host bridge 30, several
 * switches 40, one switch 50, same board 60) plus 100 per NVLink (up to 18 links).
 */
public final class LinkScore {
  private static final int PER_NVLINK = 100;

  private LinkScore() {}

  public static int of(GpuLink link) {
    int pcie =
        switch (link.pcie()) {
          case SYSTEM -> 10;
          case NODE -> 20;
          case HOSTBRIDGE -> 30;
          case MULTIPLE -> 40;
          case SINGLE -> 50;
          case INTERNAL -> 60;
        };
    return pcie + PER_NVLINK * link.nvlinks();
  }
}
