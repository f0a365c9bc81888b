package dev.gpudra.gpu.plugin;

import dev.gpudra.gpu.discovery.AllocatableDevice;
import dev.gpudra.gpu.discovery.Inventory;
import dev.gpudra.gpu.health.HealthBook;
import dev.gpudra.gpu.health.HealthBroadcast;
import dev.gpudra.gpu.health.HealthMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * The health state of a node with NVMLDeviceHealthCheck on: the taints, the kubelet's feed (every
 * device Healthy until the monitor's first report) and the metrics over them.
 */
public record NodeHealth(HealthBook book, HealthBroadcast broadcast, HealthMetrics metrics) {

  static NodeHealth of(Inventory inventory, String node, PrometheusRegistry registry) {
    HealthBook book = new HealthBook();
    HealthBroadcast broadcast =
        new HealthBroadcast(
            inventory.devices().stream().map(AllocatableDevice::name).map(book::health).toList());
    return new NodeHealth(book, broadcast, new HealthMetrics(registry, node, book));
  }
}
