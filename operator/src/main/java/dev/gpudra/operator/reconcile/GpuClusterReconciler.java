package dev.gpudra.operator.reconcile;

import dev.gpudra.api.clusterpolicy.GpuCluster;
import dev.gpudra.api.clusterpolicy.GpuClusterState;
import dev.gpudra.api.clusterpolicy.GpuClusterStatus;
import dev.gpudra.operator.alias.GpuClusterAlias;
import dev.gpudra.operator.states.StateSet;
import dev.gpudra.operator.status.GpuClusterStatusRules;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * NVIDIA's {@code GPUCluster gpu-cluster}, reconciled as the DRA-only policy it stands for ({@link
 * GpuClusterAlias}) with NVIDIA's GPUCluster states; while a ClusterPolicy exists it is {@code
 * notReady} with {@code PrerequisiteNotMet} and nothing is applied (NVIDIA's rule: one or the
 * other; gpu-dra's ClusterPolicy takes {@code spec.draDriver} instead). Ready: again in a minute;
 * not ready: in 5 s.
 */
@ControllerConfiguration(name = "gpucluster")
public final class GpuClusterReconciler implements Reconciler<GpuCluster> {
  private static final Duration NOT_READY_AGAIN = Duration.ofSeconds(5);
  private static final Duration READY_AGAIN = Duration.ofMinutes(1);
  private static final Logger log = LoggerFactory.getLogger(GpuClusterReconciler.class);

  private final OperatorSettings settings;
  private final OperatorCaches caches;
  private final PolicyPass pass;
  private final Clock clock;

  GpuClusterReconciler(
      OperatorSettings settings, OperatorCaches caches, PolicyPass pass, Clock clock) {
    this.settings = settings;
    this.caches = caches;
    this.pass = pass;
    this.clock = clock;
  }

  @Override
  public List<EventSource<?, GpuCluster>> prepareEventSources(
      EventSourceContext<GpuCluster> context) {
    return List.of(new PrimaryEvents<>("gpu-cluster-objects", context, caches));
  }

  @Override
  public UpdateControl<GpuCluster> reconcile(GpuCluster cluster, Context<GpuCluster> context) {
    Optional<GpuClusterStatus> before = Optional.ofNullable(cluster.getStatus());
    Optional<String> policy = caches.clusterPolicy();
    GpuClusterStatus status =
        policy.isPresent()
            ? GpuClusterStatusRules.besidePolicy(
                policy.get(), settings.namespace(), before, clock.instant())
            : GpuClusterStatusRules.of(
                pass.run(
                    cluster, GpuClusterAlias.policySpec(cluster.getSpec()), StateSet.GPU_CLUSTER),
                settings.namespace(),
                before,
                clock.instant());
    Duration again =
        policy.isPresent() || status.state() == GpuClusterState.READY
            ? READY_AGAIN
            : NOT_READY_AGAIN;
    if (status.equals(cluster.getStatus())) {
      return UpdateControl.<GpuCluster>noUpdate().rescheduleAfter(again);
    }
    log.info("GPUCluster {}: {}", cluster.getMetadata().getName(), status.state());
    cluster.setStatus(status);
    return UpdateControl.patchStatus(cluster).rescheduleAfter(again);
  }
}
