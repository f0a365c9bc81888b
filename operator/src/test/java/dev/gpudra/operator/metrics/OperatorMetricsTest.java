package dev.gpudra.operator.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.api.clusterpolicy.NodeMigrationStatus;
import dev.gpudra.api.clusterpolicy.State;
import dev.gpudra.operator.status.ReconcileOutcome;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class OperatorMetricsTest {
  private static final Instant NOW = Instant.parse("2026-11-25T10:00:00Z");
  private final OperatorMetrics metrics = new OperatorMetrics();

  /** The value exposed as {@code name} (a counter's name has its {@code _total}). */
  private double value(String name) {
    for (MetricSnapshot snapshot : metrics.registry().scrape()) {
      String exposed =
          snapshot.getMetadata().getPrometheusName()
              + (snapshot instanceof CounterSnapshot ? "_total" : "");
      if (exposed.equals(name)) {
        return switch (snapshot) {
          case GaugeSnapshot g -> g.getDataPoints().getFirst().getValue();
          case CounterSnapshot c -> c.getDataPoints().getFirst().getValue();
          default -> throw new AssertionError(name + " is neither gauge nor counter");
        };
      }
    }
    throw new AssertionError("no metric " + name);
  }

  private static ReconcileOutcome outcome(String failure, int moving) {
    List<NodeMigrationStatus> nodes =
        java.util.stream.IntStream.range(0, moving)
            .mapToObj(i -> new NodeMigrationStatus("gpu-" + i, "dra", "cordon", ""))
            .toList();
    return new ReconcileOutcome(3, true, List.of(), failure, nodes);
  }

  @Test
  @DisplayName("before any policy the status reads unavailable and the counters zero")
  void beforeAnyPolicyTheStatusSaysUnavailableAndTheCountersReadZero() {
    assertThat(value("gpu_operator_reconciliation_status")).isEqualTo(-1);
    assertThat(value("gpu_operator_reconciliation_total")).isZero();
    assertThat(value("gpu_operator_reconciliation_failed_total")).isZero();
  }

  @Test
  @DisplayName("each reconcile sets NVIDIA's status code and counts")
  void eachReconcileSetsNvidiasStatusCodeAndCounts() {
    metrics.reconciled(outcome("", 2), State.NOT_READY, NOW);

    assertThat(value("gpu_operator_reconciliation_status")).isZero();
    assertThat(value("gpu_operator_gpu_nodes_total")).isEqualTo(3);
    assertThat(value("gpu_operator_reconciliation_has_nfd_labels")).isEqualTo(1);
    assertThat(value("gpu_dra_operator_nodes_moving")).isEqualTo(2);

    metrics.reconciled(outcome("", 0), State.READY, NOW);

    assertThat(value("gpu_operator_reconciliation_status")).isEqualTo(1);
    assertThat(value("gpu_operator_reconciliation_last_success_ts_seconds"))
        .isEqualTo(NOW.getEpochSecond());

    metrics.reconciled(
        outcome("spec.migration.drain.force is not built yet", 0),
        State.NOT_READY,
        NOW.plusSeconds(5));

    assertThat(value("gpu_operator_reconciliation_status")).isEqualTo(-2);
    assertThat(value("gpu_operator_reconciliation_total")).isEqualTo(3);
    assertThat(value("gpu_operator_reconciliation_failed_total")).isEqualTo(1);
    assertThat(value("gpu_operator_reconciliation_last_success_ts_seconds"))
        .as("a failure is not a success")
        .isEqualTo(NOW.getEpochSecond());
  }
}
