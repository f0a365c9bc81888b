package dev.gpudra.operator.reconcile;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.DriverSpec;
import dev.gpudra.api.clusterpolicy.NodeMigrationStatus;
import dev.gpudra.api.clusterpolicy.NodeUpgradeStatus;
import dev.gpudra.operator.labels.LabelKeys;
import dev.gpudra.operator.labels.NodeStack;
import dev.gpudra.operator.labels.PsaLabels;
import dev.gpudra.operator.migration.InvalidMigrationException;
import dev.gpudra.operator.migration.MigrationStep;
import dev.gpudra.operator.render.NodeOs;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.RuntimeDetection;
import dev.gpudra.operator.states.StateSet;
import dev.gpudra.operator.status.ReconcileOutcome;
import dev.gpudra.operator.upgrade.InvalidUpgradePolicyException;
import dev.gpudra.operator.upgrade.UpgradePolicy;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One pass of a policy over the cluster, whichever resource holds it (a ClusterPolicy, or the
 * DRA-only spec a GPUCluster stands for): the namespace's Pod Security labels when {@code
 * psa.enabled} and its admin-access label while the DRA driver runs, every node labelled and moved
 * a step, then the policy's states applied in order, a stack's state kept while a node still leaves
 * it; what is not ready, or why the pass failed.
 */
final class PolicyPass {
  private static final Logger log = LoggerFactory.getLogger(PolicyPass.class);

  private final KubernetesClient client;
  private final OperatorSettings settings;
  private final OperatorCaches caches;
  private final NodeMover nodes;
  private final StateApplier states;
  private final DriverUpgrader upgrades;
  private final NvidiaDriverPass drivers;
  private final CrdPresence serviceMonitors;
  private final Map<String, String> logged = new java.util.concurrent.ConcurrentHashMap<>();

  PolicyPass(
      KubernetesClient client, OperatorSettings settings, OperatorCaches caches, Steps steps) {
    this.client = client;
    this.drivers = steps.drivers();
    this.upgrades = steps.upgrades();
    this.settings = settings;
    this.caches = caches;
    this.nodes = steps.nodes();
    this.states = steps.states();
    this.serviceMonitors =
        new CrdPresence(client, CrdPresence.SERVICE_MONITORS, java.time.Clock.systemUTC());
  }

  /**
   * What a pass does besides rendering: move nodes between drivers, apply the operand states,
   * upgrade drivers, and run the NVIDIADriver resources.
   */
  record Steps(
      NodeMover nodes, StateApplier states, DriverUpgrader upgrades, NvidiaDriverPass drivers) {}

  /**
   * @param owner the resource that owns the operands
   * @throws KubernetesClientException when the operator is stopping (interrupted): nothing to
   *     report
   */
  ReconcileOutcome run(HasMetadata owner, ClusterPolicySpec spec, StateSet set) {
    try {
      // a bad upgrade policy is named now, whether or not a driver is upgraded yet
      UpgradePolicy.of(
          Optional.ofNullable(spec.driver()).map(DriverSpec::upgradePolicy).orElse(null));
      labelNamespace(spec);
      List<NodeReport> moved = nodes.move(spec);
      logSteps(moved);
      // a stack some node still runs on its way off it outlives its state's switch
      Set<NodeStack> leaving =
          moved.stream()
              .filter(r -> r.stack() != NodeStack.NONE && r.stack() != r.target())
              .map(NodeReport::stack)
              .collect(Collectors.toCollection(() -> EnumSet.noneOf(NodeStack.class)));
      OperandContext context =
          new OperandContext(
              settings.namespace(),
              spec,
              settings.image(),
              settings.imageEnv(),
              RuntimeDetection.of(gpuNodeList(), spec),
              NodeOs.of(gpuNodeList()),
              serviceMonitors.installed());
      List<String> notReady = new ArrayList<>(states.apply(owner, set, context, leaving));
      List<NodeUpgradeStatus> upgrading = List.of();
      if (NvidiaDriverPass.handed(spec)) {
        NvidiaDriverPass.Result result = drivers.run(owner, context, gpuNodeList());
        result.notReady().ifPresent(notReady::add);
        upgrading = result.upgrades().map(g -> upgrades.pass(spec, g)).orElse(List.of());
      } else if (set == StateSet.CLUSTER_POLICY) {
        drivers.disable();
        upgrading = upgrades.pass(spec);
      }
      return new ReconcileOutcome(gpuNodes(), nfdLabels(), notReady, "", moving(moved), upgrading);
    } catch (InvalidMigrationException
        | InvalidUpgradePolicyException
        | KubernetesClientException e) {
      if (Thread.currentThread().isInterrupted() || interrupted(e)) {
        throw e; // the operator stops: no failure to report
      }
      String why = describe(e);
      log.warn("{} {}: {}", owner.getKind(), owner.getMetadata().getName(), why);
      return failed(why);
    }
  }

  /**
   * One pass of a policy that is being deleted: every node leaves the DRA driver as a move would
   * (cordon, drain per {@code spec.migration.drain} or wait, the DRA validator's pods before the
   * driver, uncordon), so that the driver outlives the claims it prepared; nothing is applied, the
   * objects stay until the garbage collector takes them with the policy.
   *
   * @throws KubernetesClientException when the operator is stopping
   */
  DeletionPass delete(HasMetadata owner, ClusterPolicySpec spec) {
    try {
      List<NodeReport> moved = nodes.move(spec, true);
      logSteps(moved);
      List<NodeReport> left =
          moved.stream()
              .filter(r -> r.step() != MigrationStep.STEADY || r.stack() == NodeStack.DRA)
              .toList();
      String waiting =
          left.isEmpty()
              ? "no node runs the DRA driver"
              : owner.getKind()
                  + " is being deleted: waiting for "
                  + left.size()
                  + " node(s) to leave the DRA driver: "
                  + left.stream().map(r -> r.node() + " (" + r.message() + ")").toList();
      return new DeletionPass(
          left.isEmpty(),
          waiting,
          new ReconcileOutcome(gpuNodes(), nfdLabels(), List.of(), "", moving(moved)));
    } catch (InvalidMigrationException | KubernetesClientException e) {
      if (Thread.currentThread().isInterrupted() || interrupted(e)) {
        throw e;
      }
      String why = describe(e);
      log.warn("{} {} (deleting): {}", owner.getKind(), owner.getMetadata().getName(), why);
      return new DeletionPass(false, why, failed(why));
    }
  }

  /**
   * A node's step is logged when it changes (a pass runs every 5 s while nodes move: the same step
   * again is not news); a node back at rest is forgotten.
   */
  private void logSteps(List<NodeReport> reports) {
    for (NodeReport report : reports) {
      String step = report.step() + " (" + report.message() + ")";
      if (report.step() == MigrationStep.STEADY) {
        logged.remove(report.node());
      } else if (!step.equals(logged.put(report.node(), step))) {
        log.info("node {}: {}", report.node(), step);
      }
    }
  }

  /** The labels the policy wants on the operator's namespace (Pod Security, admin access). */
  private void labelNamespace(ClusterPolicySpec spec) {
    Map<String, String> missing = PsaLabels.missing(spec, caches.namespaceLabels());
    if (missing.isEmpty()) {
      return;
    }
    ObjectNode patch = JsonNodeFactory.instance.objectNode();
    ObjectNode labels = patch.putObject("metadata").putObject("labels");
    missing.forEach(labels::put);
    client
        .namespaces()
        .withName(settings.namespace())
        .patch(PatchContext.of(PatchType.JSON_MERGE), patch.toString());
    log.info("namespace {}: labels {}", settings.namespace(), missing.keySet());
  }

  /** An outcome that says why the pass did not happen. */
  ReconcileOutcome failed(String why) {
    return new ReconcileOutcome(gpuNodes(), nfdLabels(), List.of(), why, List.of());
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
                switch (r.target()) {
                  case DRA -> "dra";
                  case DEVICE_PLUGIN -> "device-plugin";
                  case NONE -> "none";
                },
                NodeMover.stepName(r.step()),
                r.message()))
        .toList();
  }

  private int gpuNodes() {
    return gpuNodeList().size();
  }

  private List<Node> gpuNodeList() {
    return caches.nodes().stream()
        .filter(n -> n.getMetadata().getLabels() != null)
        .filter(n -> "true".equals(n.getMetadata().getLabels().get(LabelKeys.GPU_PRESENT)))
        .toList();
  }

  private boolean nfdLabels() {
    return caches.nodes().stream()
        .map(n -> n.getMetadata().getLabels())
        .filter(l -> l != null)
        .anyMatch(
            l -> l.keySet().stream().anyMatch(k -> k.startsWith("feature.node.kubernetes.io/")));
  }
}
