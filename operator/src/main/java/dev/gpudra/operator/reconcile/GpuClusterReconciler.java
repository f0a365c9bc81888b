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
import io.javaoperatorsdk.operator.api.reconciler.PrimaryUpdateAndCacheUtils;
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
 * not ready: in 5 s. It holds NVIDIA's finalizer {@link DraFinalizer#GPU_CLUSTER}: deleted, every
 * node leaves the DRA driver first, the DRA validator's pods before the driver (NVIDIA's finalizer
 * deletes the claim-holding DaemonSets first; gpu-dra also waits for, or drains, the workloads'
 * pods that hold claims, so that none is left for a driver that is gone).
 */
@ControllerConfiguration(name = "gpucluster", triggerReconcilerOnAllEvents = true)
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
    if (context.isPrimaryResourceDeleted()) {
      return UpdateControl.noUpdate();
    }
    if (cluster.isMarkedForDeletion()) {
      return DraFinalizer.GPU_CLUSTER.on(cluster)
          ? deleting(cluster, context)
          : UpdateControl.noUpdate();
    }
    DraFinalizer.GPU_CLUSTER.keep(cluster, context, true);
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
    return write(cluster, context, status, again);
  }

  /**
   * Deleted: its nodes leave the DRA driver, then the finalizer goes. Beside a ClusterPolicy it ran
   * nothing, so it goes at once.
   */
  private UpdateControl<GpuCluster> deleting(GpuCluster cluster, Context<GpuCluster> context) {
    if (caches.clusterPolicy().isPresent()) {
      DraFinalizer.GPU_CLUSTER.keep(cluster, context, false);
      return UpdateControl.noUpdate();
    }
    DeletionPass pass = this.pass.delete(cluster, GpuClusterAlias.policySpec(cluster.getSpec()));
    if (pass.done()) {
      log.info("GPUCluster {}: {}", cluster.getMetadata().getName(), pass.waiting());
      DraFinalizer.GPU_CLUSTER.keep(cluster, context, false);
      return UpdateControl.noUpdate();
    }
    GpuClusterStatus status =
        GpuClusterStatusRules.deleting(
            pass.waiting(),
            pass.outcome(),
            settings.namespace(),
            Optional.ofNullable(cluster.getStatus()),
            clock.instant());
    return write(cluster, context, status, NOT_READY_AGAIN);
  }

  /** Writes the status when it changed, as {@link ClusterPolicyReconciler} does. */
  private static UpdateControl<GpuCluster> write(
      GpuCluster cluster, Context<GpuCluster> context, GpuClusterStatus status, Duration again) {
    if (status.equals(cluster.getStatus())) {
      return UpdateControl.<GpuCluster>noUpdate().rescheduleAfter(again);
    }
    log.info("GPUCluster {}: {}", cluster.getMetadata().getName(), status.state());
    PrimaryUpdateAndCacheUtils.updateStatusAndCacheResource(
        cluster,
        context,
        fresh -> {
          fresh.setStatus(status);
          return fresh;
        });
    return UpdateControl.<GpuCluster>noUpdate().rescheduleAfter(again);
  }
}
