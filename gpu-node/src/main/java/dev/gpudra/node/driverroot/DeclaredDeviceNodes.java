package dev.gpudra.node.driverroot;

import dev.gpudra.kit.cdi.DeviceNode;
import dev.gpudra.node.cdi.DeviceNodeLocator;
import java.util.Optional;

/**
 * Simulated GPUs' device nodes: every node the profile implies is declared by path alone, and the
 * runtime reads the rest from the host (placeholders on a test node).
 */
public final class DeclaredDeviceNodes implements DeviceNodeLocator {
  @Override
  public Optional<DeviceNode> locate(String path) {
    return Optional.of(DeviceNode.of(path));
  }
}
