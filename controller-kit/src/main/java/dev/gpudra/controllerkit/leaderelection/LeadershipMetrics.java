package dev.gpudra.controllerkit.leaderelection;

import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * controller-runtime's {@code leader_election_master_status{name}} (1 while this process leads, as
 * NVIDIA's operator reports it) and gpu-dra's {@code gpu_dra_leader_election_forbidden{name}} (1
 * while RBAC denies a verb leader election needs: alert on it).
 */
final class LeadershipMetrics {
  private final Gauge leading;
  private final Gauge forbidden;
  private final String lease;

  LeadershipMetrics(PrometheusRegistry registry, String lease) {
    this.lease = lease;
    leading =
        Gauge.builder()
            .name("leader_election_master_status")
            .help(
                "Gauge of if the reporting system is master of the relevant lease, 0 indicates"
                    + " backup, 1 indicates master. 'name' is the string used to identify the lease.")
            .labelNames("name")
            .register(registry);
    forbidden =
        Gauge.builder()
            .name("gpu_dra_leader_election_forbidden")
            .help(
                "1 while RBAC denies this process a verb its leader election needs on its Lease"
                    + " (get, create, patch): it cannot lead or renew")
            .labelNames("name")
            .register(registry);
    leading.labelValues(lease).set(0);
    forbidden.labelValues(lease).set(0);
  }

  void leading(boolean value) {
    leading.labelValues(lease).set(value ? 1 : 0);
  }

  void forbidden(boolean value) {
    forbidden.labelValues(lease).set(value ? 1 : 0);
  }
}
