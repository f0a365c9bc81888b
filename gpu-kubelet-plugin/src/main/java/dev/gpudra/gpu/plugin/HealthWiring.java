package dev.gpudra.gpu.plugin;

import dev.gpudra.gpu.discovery.Inventory;
import dev.gpudra.gpu.health.HealthChange;
import dev.gpudra.gpu.health.HealthListener;
import dev.gpudra.gpu.health.HealthMonitor;
import dev.gpudra.gpu.slices.DeviceModel;
import dev.gpudra.kit.KubeletPlugin;
import dev.gpudra.kit.resourcehealth.DeviceHealth;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import java.time.Clock;
import java.util.List;

/**
 * What the health monitor's reports do on a running plugin: new taints republish the slices and
 * post Node Events, and the health of every device goes to the kubelet's streams.
 */
final class HealthWiring implements HealthListener {
  private final Inventory inventory;
  private final NodeHealth health;
  private final KubeletPlugin kit;
  private final NodeEvents events;

  private HealthWiring(
      Inventory inventory, NodeHealth health, KubeletPlugin kit, NodeEvents events) {
    this.inventory = inventory;
    this.health = health;
    this.kit = kit;
    this.events = events;
  }

  /** The devices as published: with their health taints, when the node watches them. */
  static List<Device> devices(Inventory inventory, java.util.Optional<NodeHealth> health) {
    DeviceModel model = new DeviceModel(inventory.system());
    return health
        .map(h -> model.devices(inventory.devices(), h.book()::taints))
        .orElseGet(() -> model.devices(inventory.devices()));
  }

  static HealthMonitor start(
      GpuPluginConfig config,
      GpuDriverParts parts,
      NodeHealth health,
      KubeletPlugin kit,
      NodeEvents events) {
    HealthWiring wiring = new HealthWiring(parts.inventory(), health, kit, events);
    return HealthMonitor.start(
        parts.gpus().nvml(),
        parts.inventory().devices(),
        config.health(),
        new HealthMonitor.Parts(health.book(), health.metrics(), wiring, Clock.systemUTC()));
  }

  @Override
  public void changed(List<HealthChange> changes) {
    kit.publishResources(devices(inventory, java.util.Optional.of(health)));
    events.health(changes);
  }

  @Override
  public void health(List<DeviceHealth> devices) {
    health.broadcast().publish(devices);
  }
}
