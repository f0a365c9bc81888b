package dev.gpudra.operator.reconcile;

import dev.gpudra.api.clusterpolicy.ClusterPolicy;
import dev.gpudra.api.clusterpolicy.ClusterPolicyStatus;
import dev.gpudra.api.clusterpolicy.NodeMigrationStatus;
import dev.gpudra.api.clusterpolicy.Singleton;
import dev.gpudra.api.clusterpolicy.State;
import dev.gpudra.operator.labels.LabelKeys;
import dev.gpudra.operator.labels.NodeStack;
import dev.gpudra.operator.metrics.OperatorMetrics;
import dev.gpudra.operator.migration.InvalidMigrationException;
import dev.gpudra.operator.migration.MigrationStep;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.status.PolicyStatusRules;
import dev.gpudra.operator.status.ReconcileOutcome;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The singleton ClusterPolicy, reconciled as NVIDIA's operator does, with gpu-dra's DRA driver and
 * node moves: any other ClusterPolicy is {@code ignored}; the nodes are labelled and moved a step;
 * the states are applied in order; the status says what is not ready and why. Not ready: again in 5
 * s (NVIDIA's); ready: on the next change, or after a minute.
 */
@ControllerConfiguration(name = "clusterpolicy")
public final class ClusterPolicyReconciler implements Reconciler<ClusterPolicy> {
  static final Duration NOT_READY_AGAIN = Duration.ofSeconds(5);
  static final Duration READY_AGAIN = Duration.ofMinutes(1);

  private static final Logger log = LoggerFactory.getLogger(ClusterPolicyReconciler.class);

  private final OperatorSettings settings;
  private final OperatorCaches caches;
  private final NodeMover nodes;
  private final StateApplier states;
  private final OperatorMetrics metrics;
  private final Clock clock;

  ClusterPolicyReconciler(
      OperatorSettings settings,
      OperatorCaches caches,
      NodeMover nodes,
      StateApplier states,
      OperatorMetrics metrics,
      Clock clock) {
    this.settings = settings;
    this.caches = caches;
    this.nodes = nodes;
    this.states = states;
    this.metrics = metrics;
    this.clock = clock;
  }

  @Override
  public List<EventSource<?, ClusterPolicy>> prepareEventSources(
      EventSourceContext<ClusterPolicy> context) {
    return List.of(new PolicyEvents(context, caches));
  }

  @Override
  public UpdateControl<ClusterPolicy> reconcile(
      ClusterPolicy policy, Context<ClusterPolicy> context) {
    Optional<ClusterPolicyStatus> before = Optional.ofNullable(policy.getStatus());
    List<ClusterPolicy> all = context.getPrimaryCache().list().toList();
    if (!Singleton.isSingleton(policy, all)) {
      return write(policy, PolicyStatusRules.ignored(settings.namespace(), before), READY_AGAIN);
    }
    ReconcileOutcome outcome = outcome(policy);
    ClusterPolicyStatus status =
        PolicyStatusRules.of(outcome, settings.namespace(), before, clock.instant());
    metrics.reconciled(outcome, status.state(), clock.instant());
    return write(policy, status, status.state() == State.READY ? READY_AGAIN : NOT_READY_AGAIN);
  }

  private ReconcileOutcome outcome(ClusterPolicy policy) {
    try {
      List<NodeReport> moved = nodes.move(policy.getSpec());
      moved.stream()
          .filter(r -> r.step() != MigrationStep.STEADY)
          .forEach(r -> log.info("node {}: {} ({})", r.node(), r.step(), r.message()));
      // a stack some node still runs on its way off it outlives its state's switch
      Set<NodeStack> leaving =
          moved.stream()
              .filter(r -> r.stack() != NodeStack.NONE && r.stack() != r.target())
              .map(NodeReport::stack)
              .collect(Collectors.toCollection(() -> EnumSet.noneOf(NodeStack.class)));
      OperandContext context =
          new OperandContext(settings.namespace(), policy.getSpec(), settings.image());
      List<String> notReady = states.apply(policy, context, leaving);
      return new ReconcileOutcome(gpuNodes(), nfdLabels(), notReady, "", moving(moved));
    } catch (InvalidMigrationException | KubernetesClientException e) {
      if (Thread.currentThread().isInterrupted() || interrupted(e)) {
        throw e; // the operator stops: no failure to report
      }
      String why = describe(e);
      log.warn("ClusterPolicy {}: {}", policy.getMetadata().getName(), why);
      return new ReconcileOutcome(gpuNodes(), nfdLabels(), List.of(), why, List.of());
    }
  }

  private static boolean interrupted(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof InterruptedException) {
        return true;
      }
    }
    return false;
  }

  /** The message and, for an API error, what it came from. */
  private static String describe(RuntimeException e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root == e ? e.getMessage() : e.getMessage() + ": " + root;
  }

  private static List<NodeMigrationStatus> moving(List<NodeReport> reports) {
    return reports.stream()
        .filter(r -> r.step() != MigrationStep.STEADY)
        .map(r ->
            new NodeMigrationStatus(
                r.node(),
                r.target() == NodeStack.DRA ? "dra" : "device-plugin",
                NodeMover.stepName(r.step()),
                r.message()))
        .toList();
  }

  private int gpuNodes() {
    return (int)
        caches.nodes().stream()
            .filter(n -> n.getMetadata().getLabels() != null)
            .filter(n -> "true".equals(n.getMetadata().getLabels().get(LabelKeys.GPU_PRESENT)))
            .count();
  }

  private boolean nfdLabels() {
    return caches.nodes().stream()
        .map(n -> n.getMetadata().getLabels())
        .filter(l -> l != null)
        .anyMatch(
            l -> l.keySet().stream().anyMatch(k -> k.startsWith("feature.node.kubernetes.io/")));
  }

  private static UpdateControl<ClusterPolicy> write(
      ClusterPolicy policy, ClusterPolicyStatus status, Duration again) {
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
    policy.setStatus(status);
    return UpdateControl.patchStatus(policy).rescheduleAfter(again);
  }
}
