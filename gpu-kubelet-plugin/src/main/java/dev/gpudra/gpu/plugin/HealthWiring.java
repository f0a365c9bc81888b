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
 *
 * @param pool republishes the slices
 * @param health the node's health book, metrics and broadcast
 * @param kit the running kubelet plugin
 * @param events posts Node Events
 */
record HealthWiring(PoolPublisher pool, NodeHealth health, KubeletPlugin kit, NodeEvents events)
    implements HealthListener {

  /** Starts the health monitor over the node's devices, reporting to this wiring. */
  HealthMonitor start(GpuPluginConfig config, GpuDriverParts parts) {
    return HealthMonitor.start(
        parts.gpus().nvml(),
        parts.inventory().devices(),
        config.health(),
        new HealthMonitor.Parts(health.book(), health.metrics(), this, Clock.systemUTC()));
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
