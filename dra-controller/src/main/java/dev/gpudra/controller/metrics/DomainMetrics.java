package dev.gpudra.controller.metrics;

import dev.gpudra.api.computedomain.ComputeDomain;
import dev.gpudra.api.computedomain.DomainStatus;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The controller's metrics: NVIDIA's {@code nvidia_dra_compute_domain_info{status}}, the number of
 * ComputeDomains with each status (so NVIDIA's panels and alerts read it as NVIDIA's controller
 * writes it); gpu-dra's {@code gpu_dra_compute_domain_info{namespace,name,uid,status}}, one series
 * per domain (1), which names the domain an alert is about; and the reconciliations that failed.
 */
public final class DomainMetrics {
  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final Gauge byStatus;
  private final Gauge perDomain;
  private final Counter failures;
  private final Map<String, DomainStatus> statuses = new ConcurrentHashMap<>();

  public DomainMetrics() {
    byStatus =
        Gauge.builder()
            .name("nvidia_dra_compute_domain_info")
            .help(
                "Current number of ComputeDomain custom resources in the cluster as seen by"
                    + " compute-domain-controller, partitioned by compute domain status.")
            .labelNames("status")
            .register(registry);
    perDomain =
        Gauge.builder()
            .name("gpu_dra_compute_domain_info")
            .help("One series per ComputeDomain (1), labelled with its status")
            .labelNames("namespace", "name", "uid", "status")
            .register(registry);
    failures =
        Counter.builder()
            .name("nvidia_dra_compute_domain_reconcile_errors_total")
            .help("ComputeDomain reconciliations that failed (retried with back-off)")
            .register(registry);
    for (DomainStatus status : DomainStatus.values()) {
      byStatus.labelValues(status.value()).set(0);
    }
  }

  public PrometheusRegistry registry() {
    return registry;
  }

  /** The domain's status as last written (or found unchanged). */
  public void status(ComputeDomain domain, DomainStatus status) {
    for (DomainStatus other : DomainStatus.values()) {
      if (other != status) {
        perDomain.remove(labels(domain, other));
      }
    }
    perDomain.labelValues(labels(domain, status)).set(1);
    statuses.put(domain.getMetadata().getUid(), status);
    count();
  }

  /** The domain is gone. */
  public void removed(ComputeDomain domain) {
    for (DomainStatus status : DomainStatus.values()) {
      perDomain.remove(labels(domain, status));
    }
    statuses.remove(domain.getMetadata().getUid());
    count();
  }

  public void failed() {
    failures.inc();
  }

  private synchronized void count() {
    for (DomainStatus status : DomainStatus.values()) {
      byStatus
          .labelValues(status.value())
          .set(statuses.values().stream().filter(status::equals).count());
    }
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
