package dev.gpudra.operator.reconcile;

import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.MigrationSpec;
import dev.gpudra.operator.labels.LabelChanges;
import dev.gpudra.operator.labels.LabelKeys;
import dev.gpudra.operator.labels.NodeLabelRules;
import dev.gpudra.operator.labels.NodeStack;
import dev.gpudra.operator.migration.DrainPolicy;
import dev.gpudra.operator.migration.GpuPod;
import dev.gpudra.operator.migration.GpuPods;
import dev.gpudra.operator.migration.MigrationPlan;
import dev.gpudra.operator.migration.MigrationRules;
import dev.gpudra.operator.migration.MigrationStep;
import dev.gpudra.operator.migration.NodeSituation;
import dev.gpudra.operator.migration.StackTargets;
import dev.gpudra.operator.render.DevicePluginDaemonSet;
import dev.gpudra.operator.render.DraKubeletPluginDaemonSet;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One pass over the nodes: each node's labels as NVIDIA's rules want them under the stack its move
 * allows now, its cordon, the evictions its drain policy allows, and its step in the label {@code
 * gpu-dra.dev/migration-step}. A node is written only when something of it changes.
 */
final class NodeMover {
  /** On a node that moves: its step. */
  static final String STEP_LABEL = "gpu-dra.dev/migration-step";

  /** On a node its move cordoned: the move uncordons it. */
  static final String CORDONED = "gpu-dra.dev/cordoned-for-migration";

  private static final Logger log = LoggerFactory.getLogger(NodeMover.class);

  private final KubernetesClient client;
  private final OperatorCaches caches;
  private final String namespace;

  NodeMover(KubernetesClient client, OperatorCaches caches, String namespace) {
    this.client = client;
    this.caches = caches;
    this.namespace = namespace;
  }

  /**
   * @throws dev.gpudra.operator.migration.InvalidMigrationException when {@code spec.migration}
   *     cannot be acted on
   */
  List<NodeReport> move(ClusterPolicySpec spec) {
    return move(spec, false);
  }

  /**
   * @param deleting whether the policy is being deleted: every node leaves the DRA driver (the same
   *     steps as a move, the drain policy included) so that the driver outlives the claims it
   *     prepared; the device plugin's nodes stay as they are
   */
  List<NodeReport> move(ClusterPolicySpec spec, boolean deleting) {
    Function<Map<String, String>, NodeStack> targets =
        deleting ? NodeMover::offDra : new StackTargets(spec)::of;
    NodeLabelRules labels = new NodeLabelRules(spec);
    MigrationRules rules =
        new MigrationRules(
            DrainPolicy.of(
                Optional.ofNullable(spec.migration()).map(MigrationSpec::drain).orElse(null)));
    List<NodeReport> reports = new ArrayList<>();
    for (Node node : caches.nodes()) {
      Map<String, String> current = labelsOf(node);
      if (!NodeLabelRules.hasNvidiaPci(current)) {
        write(node, labels.changes(current, NodeStack.NONE), unschedulable(node), null);
        continue;
      }
      NodeStack target =
          !deleting && upgrading(current) ? labelled(current) : targets.apply(current);
      MigrationPlan plan = rules.next(situation(node, current, target));
      LabelChanges changes =
          withStep(
              labels.changes(current, plan.stack(), plan.claimConsumers()), current, plan.step());
      write(node, changes, plan.unschedulable(), plan.cordonedByMove());
      plan.evict().forEach(this::evict);
      reports.add(new NodeReport(name(node), plan.stack(), target, plan.step(), plan.message()));
    }
    return reports;
  }

  /**
   * Whether a driver upgrade is under way on the node: it keeps its stack until the upgrade ends (a
   * move waits, as an upgrade waits for a move).
   */
  private static boolean upgrading(Map<String, String> labels) {
    return dev.gpudra.operator.upgrade.UpgradeState.of(
                labels.getOrDefault(dev.gpudra.operator.upgrade.UpgradeKeys.STATE, ""))
            .map(
                s -> s.inProgress() && s != dev.gpudra.operator.upgrade.UpgradeState.UPGRADE_FAILED)
            .orElse(false)
        && labelled(labels) != NodeStack.NONE;
  }

  /** Where a node goes when the policy is deleted: off the DRA driver; a device plugin stays. */
  private static NodeStack offDra(Map<String, String> labels) {
    return labelled(labels) == NodeStack.DEVICE_PLUGIN ? NodeStack.DEVICE_PLUGIN : NodeStack.NONE;
  }

  private NodeSituation situation(Node node, Map<String, String> labels, NodeStack target) {
    List<Pod> pods = caches.podsOn(name(node));
    List<String> operandClaims =
        pods.stream()
            .filter(p -> namespace.equals(p.getMetadata().getNamespace()))
            .filter(p -> GpuPods.holdsAnyDraClaim(p, caches::claim))
            .map(p -> p.getMetadata().getNamespace() + "/" + p.getMetadata().getName())
            .toList();
    List<GpuPod> gpuPods =
        pods.stream()
            .filter(p -> !namespace.equals(p.getMetadata().getNamespace()))
            .map(p -> GpuPods.of(p, caches::claim))
            .flatMap(Optional::stream)
            .toList();
    List<NodeStack> plugins = new ArrayList<>();
    List<NodeStack> ready = new ArrayList<>();
    for (Pod pod : pods) {
      pluginStack(pod)
          .ifPresent(stack -> {
            plugins.add(stack);
            if (isReady(pod)) {
              ready.add(stack);
            }
          });
    }
    Map<String, String> annotations =
        Optional.ofNullable(node.getMetadata().getAnnotations()).orElse(Map.of());
    return new NodeSituation(
        target,
        labelled(labels),
        unschedulable(node),
        "true".equals(annotations.get(CORDONED)),
        gpuPods,
        plugins,
        ready,
        operandClaims);
  }

  private Optional<NodeStack> pluginStack(Pod pod) {
    if (!namespace.equals(pod.getMetadata().getNamespace())) {
      return Optional.empty();
    }
    String app = labelsOf(pod.getMetadata().getLabels()).get("app");
    if (DevicePluginDaemonSet.NAME.equals(app)) {
      return Optional.of(NodeStack.DEVICE_PLUGIN);
    }
    if (DraKubeletPluginDaemonSet.NAME.equals(app)) {
      return Optional.of(NodeStack.DRA);
    }
    return Optional.empty();
  }

  private static boolean isReady(Pod pod) {
    return pod.getStatus() != null
        && pod.getStatus().getConditions().stream()
            .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
  }

  /** The stack a node's deploy labels give it (a paused value still counts). */
  static NodeStack labelled(Map<String, String> labels) {
    if (!labels.getOrDefault(LabelKeys.deploy("dra-driver"), "").isEmpty()) {
      return NodeStack.DRA;
    }
    if (!labels.getOrDefault(LabelKeys.deploy("device-plugin"), "").isEmpty()) {
      return NodeStack.DEVICE_PLUGIN;
    }
    return NodeStack.NONE;
  }

  /** A step as its label and status say it: {@code wait-for-gpu-pods}. */
  static String stepName(MigrationStep step) {
    return step.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }

  private static LabelChanges withStep(
      LabelChanges changes, Map<String, String> labels, MigrationStep step) {
    Map<String, String> set = new HashMap<>(changes.set());
    java.util.Set<String> remove = new java.util.HashSet<>(changes.remove());
    String value = stepName(step);
    if (step == MigrationStep.STEADY) {
      if (labels.containsKey(STEP_LABEL)) {
        remove.add(STEP_LABEL);
      }
    } else if (!value.equals(labels.get(STEP_LABEL))) {
      set.put(STEP_LABEL, value);
    }
    return new LabelChanges(set, remove);
  }

  private void write(Node node, LabelChanges changes, Boolean unschedulable, Boolean cordoned) {
    boolean cordonChange = Boolean.TRUE.equals(unschedulable) != unschedulable(node);
    Map<String, String> annotations =
        Optional.ofNullable(node.getMetadata().getAnnotations()).orElse(Map.of());
    boolean markChange = cordoned != null && cordoned != "true".equals(annotations.get(CORDONED));
    if (changes.isEmpty() && !cordonChange && !markChange) {
      return;
    }
    // with the cached node as the item, fabric8 sends the patch without reading the node first
    client
        .nodes()
        .resource(node)
        .patch(
            PatchContext.of(PatchType.JSON_MERGE),
            NodePatch.of(
                changes,
                cordonChange ? Optional.of(Boolean.TRUE.equals(unschedulable)) : Optional.empty(),
                markChange ? Optional.of(cordoned) : Optional.empty()));
  }

  private void evict(GpuPod pod) {
    boolean evicted = client.pods().inNamespace(pod.namespace()).withName(pod.name()).evict();
    log.info("evicting {} for its node's move: {}", pod, evicted ? "done" : "refused for now");
  }

  private static boolean unschedulable(Node node) {
    return node.getSpec() != null && Boolean.TRUE.equals(node.getSpec().getUnschedulable());
  }

  private static Map<String, String> labelsOf(Node node) {
    return labelsOf(node.getMetadata().getLabels());
  }

  private static Map<String, String> labelsOf(Map<String, String> map) {
    return map == null ? Map.of() : map;
  }

  private static String name(Node node) {
    return node.getMetadata().getName();
  }
}
