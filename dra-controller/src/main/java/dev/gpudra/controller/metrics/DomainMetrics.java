package dev.gpudra.controller.metrics;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.DomainStatus;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * The controller's metrics: NVIDIA's {@code nvidia_dra_compute_domain_info{status}} (one series per
 * domain, 1, labelled with its status, so {@code count by (status)} is NVIDIA's dashboard), and the
 * reconciliations that failed.
 */
public final class DomainMetrics {
  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final Gauge info;
  private final Counter failures;

  public DomainMetrics() {
    info =
        Gauge.builder()
            .name("nvidia_dra_compute_domain_info")
            .help("ComputeDomains by status (1 per domain)")
            .labelNames("namespace", "name", "uid", "status")
            .register(registry);
    failures =
        Counter.builder()
            .name("nvidia_dra_compute_domain_reconcile_errors_total")
            .help("ComputeDomain reconciliations that failed (retried with back-off)")
            .register(registry);
  }

  public PrometheusRegistry registry() {
    return registry;
  }

  /** The domain's status as last written. */
  public void status(ComputeDomain domain, DomainStatus status) {
    for (DomainStatus other : DomainStatus.values()) {
      if (other != status) {
        info.remove(labels(domain, other));
      }
    }
    info.labelValues(labels(domain, status)).set(1);
  }

  /** The domain is gone. */
  public void removed(ComputeDomain domain) {
    for (DomainStatus status : DomainStatus.values()) {
      info.remove(labels(domain, status));
    }
  }

  public void failed() {
    failures.inc();
  }

  private static String[] labels(ComputeDomain domain, DomainStatus status) {
    return new String[] {
      domain.getMetadata().getNamespace(),
      domain.getMetadata().getName(),
      domain.getMetadata().getUid(),
      status.value()
    };
  }
}
