package dev.gpudra.node.cdi;

import dev.gpudra.kit.cdi.DeviceNode;
import java.util.Optional;

/** Finds the device node a container needs, e.g. {@code /dev/nvidiactl}; empty when absent. */
public interface DeviceNodeLocator {
  Optional<DeviceNode> locate(String path);
}
