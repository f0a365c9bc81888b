package dev.gpudra.node.cdi;

import dev.gpudra.kit.cdi.CdiException;

/** Finds the {@code nvidia-caps} device numbers of a MIG device. */
public interface MigCapsResolver {

  /**
   * @throws CdiException when the capability files cannot be read or parsed
   */
  MigCaps resolve(int parentMinor, int gpuInstanceId, int computeInstanceId);
}
