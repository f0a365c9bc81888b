package dev.gpudra.gpu.plugin;

import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.gpu.discovery.Inventory;
import dev.gpudra.gpu.slices.DeviceModel;
import dev.gpudra.gpu.slices.PoolLayout;
import dev.gpudra.kit.plugin.KubeletPlugin;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Publishes this node's pool: the devices (with their health taints, when watched) cut into slices
 * by {@link PoolLayout}. Called at start, whenever a taint changes and, with PassthroughSupport,
 * after each prepare and unprepare.
 */
final class PoolPublisher {
  private final Inventory inventory;
  private final Optional<NodeHealth> health;
  private final PoolLayout.Counters counters;
  private final Supplier<Set<String>> hidden;
  private final DeviceModel model;

  /**
   * @param health the node's health, for the devices' taints: empty when it is not watched or when
   *     the API server drops taints
   * @param hidden devices not to publish now (PassthroughSupport: the other representation of a GPU
   *     a claim holds)
   */
  PoolPublisher(
      Inventory inventory,
      Optional<NodeHealth> health,
      PoolLayout.Counters counters,
      Supplier<Set<String>> hidden,
      DeviceModel model) {
    this.inventory = inventory;
    this.health = health;
    this.counters = counters;
    this.hidden = hidden;
    this.model = model;
  }

  synchronized void publish(KubeletPlugin kit) {
    Set<String> hide = hidden.get();
    List<AllocatableDevice> offered =
        inventory.devices().stream().filter(d -> !hide.contains(d.name())).toList();
    List<Device> devices =
        health
            .map(h -> model.devices(offered, h.book()::taints))
            .orElseGet(() -> model.devices(offered));
    kit.publishSlices(PoolLayout.slices(offered, devices, counters));
  }
}
