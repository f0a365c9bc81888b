package dev.gpudra.operator.reconcile;

import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.clusterpolicy.ClusterPolicyStatus;
import dev.gpudra.api.clusterpolicy.Singleton;
import dev.gpudra.api.clusterpolicy.State;
import dev.gpudra.operator.metrics.OperatorMetrics;
import dev.gpudra.operator.states.StateSet;
import dev.gpudra.operator.status.PolicyStatusRules;
import dev.gpudra.operator.status.ReconcileOutcome;
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
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The singleton ClusterPolicy, reconciled as NVIDIA's operator does, with gpu-dra's DRA driver and
 * node moves: any other ClusterPolicy is {@code ignored}; the nodes are labelled and moved a step;
 * the states are applied in order; the status says what is not ready and why. Not ready: again in 5
 * s (NVIDIA's); ready: on the next change, or after a minute. A policy that runs the DRA driver
 * holds {@link DraFinalizer#CLUSTER_POLICY}: deleted, it moves every node off the driver first. The
 * finalizer is the reconciler's own (every event reaches it), so a policy without the DRA driver
 * gets none, as NVIDIA's.
 */
@ControllerConfiguration(name = "clusterpolicy", triggerReconcilerOnAllEvents = true)
public final class ClusterPolicyReconciler implements Reconciler<ClusterPolicy> {
  static final Duration NOT_READY_AGAIN = Duration.ofSeconds(5);
  static final Duration READY_AGAIN = Duration.ofMinutes(1);

  private static final Logger log = LoggerFactory.getLogger(ClusterPolicyReconciler.class);

  private final OperatorSettings settings;
  private final OperatorCaches caches;
  private final PolicyPass pass;
  private final OperatorMetrics metrics;
  private final Clock clock;

  ClusterPolicyReconciler(
      OperatorSettings settings,
      OperatorCaches caches,
      PolicyPass pass,
      OperatorMetrics metrics,
      Clock clock) {
    this.settings = settings;
    this.caches = caches;
    this.pass = pass;
    this.metrics = metrics;
    this.clock = clock;
  }

  @Override
  public List<EventSource<?, ClusterPolicy>> prepareEventSources(
      EventSourceContext<ClusterPolicy> context) {
    return List.of(new PrimaryEvents<>("cluster-policy-objects", context, caches));
  }

  @Override
  public UpdateControl<ClusterPolicy> reconcile(
      ClusterPolicy policy, Context<ClusterPolicy> context) {
    if (context.isPrimaryResourceDeleted()) {
      return UpdateControl.noUpdate();
    }
    if (policy.isMarkedForDeletion()) {
      return DraFinalizer.CLUSTER_POLICY.on(policy)
          ? deleting(policy, context)
          : UpdateControl.noUpdate();
    }
    Optional<ClusterPolicyStatus> before = Optional.ofNullable(policy.getStatus());
    List<ClusterPolicy> all = context.getPrimaryCache().list().toList();
    if (!Singleton.isSingleton(policy, all)) {
      DraFinalizer.CLUSTER_POLICY.keep(policy, context, false);
      return write(
          policy, context, PolicyStatusRules.ignored(settings.namespace(), before), READY_AGAIN);
    }
    boolean dra = policy.getSpec().draDriver() != null;
    if (dra) { // before the driver is applied, so that no deletion finds it unguarded
      DraFinalizer.CLUSTER_POLICY.keep(policy, context, true);
    }
    Optional<String> cluster = caches.gpuCluster();
    ReconcileOutcome outcome =
        cluster.isPresent()
            ? pass.failed(
                "ClusterPolicy and GPUCluster cannot co-exist: GPUCluster "
                    + cluster.get()
                    + " exists (give this ClusterPolicy spec.draDriver instead)")
            : pass.run(policy, policy.getSpec(), StateSet.CLUSTER_POLICY);
    if (!dra && outcome.failure().isEmpty() && outcome.moving().isEmpty()) {
      // no node runs or leaves the DRA driver any more
      DraFinalizer.CLUSTER_POLICY.keep(policy, context, false);
    }
    ClusterPolicyStatus status =
        PolicyStatusRules.of(outcome, settings.namespace(), before, clock.instant());
    metrics.reconciled(outcome, status.state(), clock.instant());
    return write(
        policy, context, status, status.state() == State.READY ? READY_AGAIN : NOT_READY_AGAIN);
  }

  /**
   * A deleted policy: its nodes leave the DRA driver, then the finalizer goes. One that is not the
   * singleton ran nothing, so it goes at once.
   */
  private UpdateControl<ClusterPolicy> deleting(
      ClusterPolicy policy, Context<ClusterPolicy> context) {
    if (!Singleton.isSingleton(policy, context.getPrimaryCache().list().toList())) {
      DraFinalizer.CLUSTER_POLICY.keep(policy, context, false);
      return UpdateControl.noUpdate();
    }
    DeletionPass pass = this.pass.delete(policy, policy.getSpec());
    if (pass.done()) {
      log.info("ClusterPolicy {}: {}", policy.getMetadata().getName(), pass.waiting());
      DraFinalizer.CLUSTER_POLICY.keep(policy, context, false);
      return UpdateControl.noUpdate();
    }
    ClusterPolicyStatus status =
        PolicyStatusRules.deleting(
            pass.waiting(),
            pass.outcome(),
            settings.namespace(),
            Optional.ofNullable(policy.getStatus()),
            clock.instant());
    return write(policy, context, status, NOT_READY_AGAIN);
  }

  /**
   * Writes the status when it changed: a status update with optimistic locking, retried on a fresh
   * copy, and cached so that the next reconcile sees it (every event reaches this reconciler, so a
   * diff against a cached copy the last write outran could be refused).
   */
  private static UpdateControl<ClusterPolicy> write(
      ClusterPolicy policy,
      Context<ClusterPolicy> context,
      ClusterPolicyStatus status,
      Duration again) {
    if (status.equals(policy.getStatus())) {
      return UpdateControl.<ClusterPolicy>noUpdate().rescheduleAfter(again);
    }
    log.info(
        "ClusterPolicy {}: {} ({})",
        policy.getMetadata().getName(),
        status.state(),
        status.conditions() == null
            ? ""
            : status.conditions().stream()
                .filter(c -> "True".equals(c.getStatus()))
                .map(c -> c.getType() + " " + c.getReason() + ": " + c.getMessage())
                .collect(Collectors.joining("; ")));
    PrimaryUpdateAndCacheUtils.updateStatusAndCacheResource(
        policy,
        context,
        fresh -> {
          fresh.setStatus(status);
          return fresh;
        });
    return UpdateControl.<ClusterPolicy>noUpdate().rescheduleAfter(again);
  }
}
