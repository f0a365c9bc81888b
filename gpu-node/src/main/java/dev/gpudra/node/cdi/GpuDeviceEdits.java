package dev.gpudra.node.cdi;

import dev.gpudra.kit.cdi.CdiException;
import dev.gpudra.kit.cdi.ContainerEdits;
import dev.gpudra.nvml.GpuInfo;

/** The container edits a whole GPU brings (its device nodes, and hooks for them). */
public interface GpuDeviceEdits {
  /**
   * @throws CdiException when the GPU's own device node is not on the node
   */
  ContainerEdits of(GpuInfo gpu);
}
