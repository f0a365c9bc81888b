package dev.gpudra.gpu.health;

import dev.gpudra.node.xid.XidSeverity;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.Locale;

/**
 * What the health monitor saw, for dashboards and alerts: {@code gpu_dra_device_taints} (one series
 * per current taint), {@code gpu_dra_xid_events_total} and {@code gpu_dra_device_recoveries_total}.
 */
public final class HealthMetrics {
  private final String node;
  private final Counter xids;
  private final Counter recoveries;

  public HealthMetrics(PrometheusRegistry registry, String node, HealthBook book) {
    this.node = node;
    GaugeWithCallback.builder()
        .name("gpu_dra_device_taints")
        .help("Health taints on this node's devices: 1 per taint, by device, key and effect")
        .labelNames("node", "device", "key", "value", "effect")
        .callback(cb ->
            book.all()
                .forEach((device, taints) ->
                    taints.forEach(
                        t -> cb.call(1, node, device, t.key(), t.value(), t.effect().value()))))
        .register(registry);
    xids =
        Counter.builder()
            .name("gpu_dra_xid_events_total")
            .help("XID events NVML reported, by device, XID and how they were classified")
            .labelNames("node", "device", "xid", "severity")
            .register(registry);
    recoveries =
        Counter.builder()
            .name("gpu_dra_device_recoveries_total")
            .help(
                "XID taints removed, after a clean recovery period or once NVML needs no recovery")
            .labelNames("node", "device")
            .register(registry);
  }

  void xid(String device, long xid, XidSeverity severity) {
    xids.labelValues(node, device, Long.toString(xid), severity.name().toLowerCase(Locale.ROOT))
        .inc();
  }

  void recovered(String device) {
    recoveries.labelValues(node, device).inc();
  }
}
