package dev.gpudra.gpu.state;

import dev.gpudra.gpu.discovery.AllocatableDevice;
import java.util.Map;
import java.util.Optional;

/** The devices this node offers, by canonical name. */
@FunctionalInterface
public interface DeviceLookup {

  Optional<AllocatableDevice> find(String name);

  /** A lookup over a fixed map (copied). */
  static DeviceLookup of(Map<String, AllocatableDevice> devices) {
    Map<String, AllocatableDevice> copy = Map.copyOf(devices);
    return name -> Optional.ofNullable(copy.get(name));
  }
}
