package dev.gpudra.node.cdi;

import dev.gpudra.kit.cdi.DeviceNode;
import java.util.List;

/**
 * The {@code nvidia-caps} character devices that grant access to one MIG device: its GPU instance
 * and its compute instance.
 *
 * @param major the {@code nvidia-caps} major number
 * @param gpuInstanceMinor minor of {@code /dev/nvidia-caps/nvidia-cap<N>} for the GI
 * @param computeInstanceMinor minor for the CI
 */
public record MigCaps(int major, int gpuInstanceMinor, int computeInstanceMinor) {
  public MigCaps {
    if (major < 0 || gpuInstanceMinor < 0 || computeInstanceMinor < 0) {
      throw new IllegalArgumentException("device numbers must be >= 0");
    }
  }

  /** The two device nodes, GI first. */
  public List<DeviceNode> deviceNodes() {
    return List.of(node(gpuInstanceMinor), node(computeInstanceMinor));
  }

  private DeviceNode node(int minor) {
    return DeviceNode.charDevice("/dev/nvidia-caps/nvidia-cap" + minor, major, minor);
  }
}
