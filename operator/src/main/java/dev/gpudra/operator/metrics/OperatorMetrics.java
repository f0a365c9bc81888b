package dev.gpudra.operator.metrics;

import dev.gpudra.api.clusterpolicy.State;
import dev.gpudra.operator.status.ReconcileOutcome;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Instant;

/**
 * The operator's metrics with NVIDIA's names and meanings ({@code gpu_operator_*}): GPU nodes,
 * reconciliations and their failures, the last success, whether NFD's labels were found, and the
 * reconciliation status ({@value #SUCCESS} ready, {@value #NOT_READY} operands not ready, {@value
 * #UNAVAILABLE} no ClusterPolicy reconciled yet, {@value #OPERATOR_ERROR} the reconcile failed);
 * and gpu-dra's {@code gpu_dra_operator_nodes_moving}, the GPU nodes on their way between the
 * device plugin and the DRA driver.
 */
public final class OperatorMetrics {
  static final int SUCCESS = 1;
  static final int NOT_READY = 0;
  static final int UNAVAILABLE = -1;
  static final int OPERATOR_ERROR = -2;

  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final Gauge gpuNodes;
  private final Gauge lastSuccess;
  private final Gauge status;
  private final Counter total;
  private final Counter failed;
  private final Gauge nfdLabels;
  private final Gauge moving;
  private final Gauge autoUpgrade;
  private final Gauge upgradesInProgress;
  private final Gauge upgradesDone;
  private final Gauge upgradesFailed;
  private final Gauge upgradesAvailable;
  private final Gauge upgradesPending;

  public OperatorMetrics() {
    gpuNodes = gauge("gpu_operator_gpu_nodes_total", "Number of nodes with GPUs");
    lastSuccess =
        gauge(
            "gpu_operator_reconciliation_last_success_ts_seconds",
            "Timestamp (in seconds) of the last reconciliation loop success");
    status =
        gauge(
            "gpu_operator_reconciliation_status",
            "1 if the reconciliation is currently successful, 0 if the operands are not ready, -1"
                + " if the cluster policy is unavailable, -2 if an error occurred within the"
                + " operator.");
    total =
        Counter.builder()
            .name("gpu_operator_reconciliation_total")
            .help("Total number of reconciliation")
            .register(registry);
    failed =
        Counter.builder()
            .name("gpu_operator_reconciliation_failed_total")
            .help("Number of failed reconciliation")
            .register(registry);
    nfdLabels =
        gauge(
            "gpu_operator_reconciliation_has_nfd_labels",
            "1 if NFD mandatory kernel labels have been found, 0 otherwise");
    moving =
        gauge(
            "gpu_dra_operator_nodes_moving",
            "GPU nodes on their way between the device plugin and the DRA driver");
    autoUpgrade =
        gauge(
            "gpu_operator_driver_auto_upgrade_enabled",
            "1 if driver auto upgrade is enabled 0 if not");
    upgradesInProgress =
        gauge(
            "gpu_operator_nodes_upgrades_in_progress",
            "Total number of nodes on which the gpu operator pods are being upgraded");
    upgradesDone =
        gauge(
            "gpu_operator_nodes_upgrades_done",
            "Total number of nodes on which the gpu operator pods are successfully upgraded");
    upgradesFailed =
        gauge(
            "gpu_operator_nodes_upgrades_failed",
            "Total number of nodes on which the gpu operator pod upgrades have failed");
    upgradesAvailable =
        gauge(
            "gpu_operator_nodes_upgrades_available",
            "Total number of nodes on which the gpu operator pod upgrades can be done");
    upgradesPending =
        gauge(
            "gpu_operator_nodes_upgrades_pending",
            "Total number of nodes on which the gpu operator pod upgrades are pending");
    status.set(UNAVAILABLE);
    total.inc(0);
    failed.inc(0);
  }

  private Gauge gauge(String name, String help) {
    return Gauge.builder().name(name).help(help).register(registry);
  }

  public PrometheusRegistry registry() {
    return registry;
  }

  /** One pass of driver upgrades: whether they are on, and the nodes counted as NVIDIA's. */
  public void driverUpgrades(boolean enabled, dev.gpudra.operator.upgrade.UpgradeCounts counts) {
    autoUpgrade.set(enabled ? 1 : 0);
    upgradesInProgress.set(counts.inProgress());
    upgradesDone.set(counts.done());
    upgradesFailed.set(counts.failed());
    upgradesAvailable.set(counts.available());
    upgradesPending.set(counts.pending());
  }

  /** One reconcile of the singleton policy ended in {@code state}, from {@code outcome}. */
  public void reconciled(ReconcileOutcome outcome, State state, Instant now) {
    total.inc();
    gpuNodes.set(outcome.gpuNodes());
    nfdLabels.set(outcome.nfdLabels() ? 1 : 0);
    moving.set(outcome.moving().size());
    if (!outcome.failure().isEmpty()) {
      failed.inc();
      status.set(OPERATOR_ERROR);
    } else if (state == State.READY) {
      status.set(SUCCESS);
      lastSuccess.set(now.getEpochSecond());
    } else {
      status.set(NOT_READY);
    }
  }
}
