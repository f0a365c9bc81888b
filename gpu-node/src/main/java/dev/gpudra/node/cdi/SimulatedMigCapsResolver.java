package dev.gpudra.node.cdi;

import dev.gpudra.kit.cdi.CdiException;

/**
 * Device numbers for simulated GPUs, laid out like the driver's {@code mig-minors} table: per GPU
 * 15 GPU instances, per GI one access minor followed by 8 compute-instance minors, starting at 3.
 */
public final class SimulatedMigCapsResolver implements MigCapsResolver {
  /** A major number no real driver hands out (the experimental/local range). */
  public static final int SIMULATED_MAJOR = 240;

  private static final int FIRST_MINOR = 3;
  private static final int CIS_PER_GI = 8;
  private static final int GIS_PER_GPU = 15;

  @Override
  public MigCaps resolve(int parentMinor, int gpuInstanceId, int computeInstanceId) {
    if (gpuInstanceId >= GIS_PER_GPU || computeInstanceId >= CIS_PER_GI) {
      throw new CdiException(
          "no simulated caps for GI " + gpuInstanceId + " CI " + computeInstanceId);
    }
    int giMinor = FIRST_MINOR + (parentMinor * GIS_PER_GPU + gpuInstanceId) * (CIS_PER_GI + 1);
    return new MigCaps(SIMULATED_MAJOR, giMinor, giMinor + 1 + computeInstanceId);
  }
}
