package dev.gpudra.gpu.plugin;

import dev.gpudra.gpu.discovery.Inventory;
import dev.gpudra.gpu.slices.DeviceModel;
import dev.gpudra.gpu.slices.PoolLayout;
import dev.gpudra.kit.KubeletPlugin;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import java.util.List;
import java.util.Optional;

/**
 * Publishes this node's pool: the devices (with their health taints, when watched) cut into slices
 * by {@link PoolLayout}. Called at start and whenever a taint changes.
 */
final class PoolPublisher {
  private final Inventory inventory;
  private final Optional<NodeHealth> health;
  private final PoolLayout.Counters counters;

  PoolPublisher(Inventory inventory, Optional<NodeHealth> health, PoolLayout.Counters counters) {
    this.inventory = inventory;
    this.health = health;
    this.counters = counters;
  }

  void publish(KubeletPlugin kit) {
    DeviceModel model = new DeviceModel(inventory.system());
    List<Device> devices =
        health
            .map(h -> model.devices(inventory.devices(), h.book()::taints))
            .orElseGet(() -> model.devices(inventory.devices()));
    kit.publishSlices(PoolLayout.slices(inventory.devices(), devices, counters));
  }
}
