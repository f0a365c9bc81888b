package dev.gpudra.testsupport.devicemanager;

/**
 * Told each resource's device counts whenever a plugin lists its devices or its stream ends, as the
 * kubelet's node status takes them from the device manager: {@code capacity} counts every device
 * the plugin listed, {@code allocatable} the healthy ones. Called on one thread, in order.
 */
@FunctionalInterface
public interface ResourceListener {
  /** Listens to nothing: for a device manager without a node object. */
  ResourceListener NONE = (resource, capacity, allocatable) -> {};

  void changed(String resource, int capacity, int allocatable);
}
