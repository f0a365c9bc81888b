package dev.gpudra.gpu.plugin;

import dev.gpudra.gpu.health.HealthChange;
import dev.gpudra.gpu.health.HealthListener;
import dev.gpudra.gpu.health.HealthMonitor;
import dev.gpudra.kit.plugin.KubeletPlugin;
import dev.gpudra.kit.resourcehealth.DeviceHealth;
import java.time.Clock;
import java.util.List;

/**
 * What the health monitor's reports do on a running plugin: new taints republish the slices and
 * post Node Events, and the health of every device goes to the kubelet's streams.
 */
final class HealthWiring implements HealthListener {
  private final PoolPublisher pool;
  private final NodeHealth health;
  private final KubeletPlugin kit;
  private final NodeEvents events;

  private HealthWiring(
      PoolPublisher pool, NodeHealth health, KubeletPlugin kit, NodeEvents events) {
    this.pool = pool;
    this.health = health;
    this.kit = kit;
    this.events = events;
  }

  static HealthMonitor start(
      GpuPluginConfig config,
      GpuDriverParts parts,
      NodeHealth health,
      KubeletPlugin kit,
      PoolPublisher pool,
      NodeEvents events) {
    HealthWiring wiring = new HealthWiring(pool, health, kit, events);
    return HealthMonitor.start(
        parts.gpus().nvml(),
        parts.inventory().devices(),
        config.health(),
        new HealthMonitor.Parts(health.book(), health.metrics(), wiring, Clock.systemUTC()));
  }

  @Override
  public void changed(List<HealthChange> changes) {
    pool.publish(kit);
    events.health(changes);
  }

  @Override
  public void health(List<DeviceHealth> devices) {
    health.broadcast().publish(devices);
  }
}
