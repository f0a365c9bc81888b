package dev.gpudra.operator.reconcile;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gpudra.api.clusterpolicy.ClusterPolicySpec;
import dev.gpudra.api.clusterpolicy.DriverSpec;
import dev.gpudra.api.clusterpolicy.NodeUpgradeStatus;
import dev.gpudra.api.clusterpolicy.SandboxWorkloadsSpec;
import dev.gpudra.operator.labels.LabelKeys;
import dev.gpudra.operator.metrics.OperatorMetrics;
import dev.gpudra.operator.upgrade.ClusterUpgrade;
import dev.gpudra.operator.upgrade.NodeUpgrade;
import dev.gpudra.operator.upgrade.UpgradeCounts;
import dev.gpudra.operator.upgrade.UpgradeDeadlines;
import dev.gpudra.operator.upgrade.UpgradeKeys;
import dev.gpudra.operator.upgrade.UpgradePlan;
import dev.gpudra.operator.upgrade.UpgradePolicy;
import dev.gpudra.operator.upgrade.UpgradeRules;
import dev.gpudra.operator.upgrade.UpgradeState;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One pass of the ClusterPolicy's driver upgrades ({@code driver.upgradePolicy}), as NVIDIA's
 * upgrade controller: while {@code autoUpgrade} is on (and the ClusterPolicy's driver runs, and no
 * sandbox workloads), every node with a driver pod gets its state and its next step; off, the state
 * labels go. Writes only what changes: a node patch, evictions, the operator's own pods to restart,
 * an Event when a node fails or finishes.
 */
final class DriverUpgrader {
  private static final Logger log = LoggerFactory.getLogger(DriverUpgrader.class);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final KubernetesClient client;
  private final OperatorCaches caches;
  private final String namespace;
  private final UpgradeView view;
  private final OperatorMetrics metrics;
  private final NodeEvents events;
  private final UpgradeDeadlines deadlines;
  private final Clock clock;

  DriverUpgrader(
      KubernetesClient client,
      OperatorCaches caches,
      OperatorSettings settings,
      OperatorMetrics metrics,
      Clock clock) {
    this.client = client;
    this.caches = caches;
    this.namespace = settings.namespace();
    this.view = new UpgradeView(caches, namespace);
    this.metrics = metrics;
    this.events = new NodeEvents(client, clock);
    this.deadlines = settings.upgradeDeadlines();
    this.clock = clock;
  }

  /**
   * The ClusterPolicy's own driver.
   *
   * @return the nodes whose upgrade is under way or failed, for the policy's status
   * @throws dev.gpudra.operator.upgrade.InvalidUpgradePolicyException when the policy cannot be
   *     acted on
   */
  List<NodeUpgradeStatus> pass(ClusterPolicySpec spec) {
    return pass(
        spec,
        List.of(
            UpgradeGroup.clusterPolicy(
                Optional.ofNullable(spec.driver()).map(DriverSpec::upgradePolicy).orElse(null))));
  }

  /**
   * @param groups the drivers and their nodes: the ClusterPolicy's, or its NVIDIADrivers'
   * @return the nodes whose upgrade is under way or failed, for the policy's status
   * @throws dev.gpudra.operator.upgrade.InvalidUpgradePolicyException when a policy cannot be acted
   *     on
   */
  List<NodeUpgradeStatus> pass(ClusterPolicySpec spec, List<UpgradeGroup> groups) {
    Optional<String> off = off(spec, groups);
    if (off.isPresent()) {
      stop(off.get());
      return List.of();
    }
    Map<UpgradeGroup, List<NodeUpgrade>> managed = new LinkedHashMap<>();
    Map<UpgradeGroup, UpgradePolicy> policies = new HashMap<>();
    for (UpgradeGroup group : groups) {
      if (group.autoUpgrade()) {
        policies.put(group, UpgradePolicy.of(group.policy().orElseThrow()));
        managed.put(group, new ArrayList<>());
      }
    }
    UpgradeRules stopped = new UpgradeRules(UpgradePolicy.of(null), deadlines, clock.instant());
    for (Node node : caches.nodes()) {
      Optional<UpgradeGroup> group = groups.stream().filter(g -> g.member().test(node)).findFirst();
      if (group.isEmpty() || !group.get().autoUpgrade()) {
        release(
            node,
            stopped,
            group
                .map(g -> g.owner() + ": upgradePolicy.autoUpgrade is off")
                .orElse("no driver owns the node"));
      } else {
        sort(node, group.get(), policies.get(group.get()), managed.get(group.get()));
      }
    }
    return plan(managed, policies);
  }

  /**
   * A node its group upgrades: one with a driver pod (or an upgrade under way) joins {@code
   * managed}; one whose driver pod is gone abandons its upgrade; one never upgraded is marked.
   */
  private void sort(
      Node node, UpgradeGroup group, UpgradePolicy policy, List<NodeUpgrade> managed) {
    String name = node.getMetadata().getName();
    Optional<String> daemonSet = group.daemonSet().apply(name);
    if (daemonSet.isEmpty()) {
      return; // its driver's DaemonSet is not rendered: nothing to replace its pod with
    }
    if (view.driverPod(name).isPresent() || underWay(node)) {
      managed.add(view.of(node, daemonSet.get(), group.replacesOthers()));
    } else if (hasState(node)) {
      NodeUpgrade upgrade = view.of(node, daemonSet.get(), group.replacesOthers());
      UpgradeRules rules = new UpgradeRules(policy, deadlines, clock.instant());
      apply(
          node,
          upgrade,
          rules.abandon(upgrade, "no driver pod runs on the node any more"),
          gpuNode(node));
    } else {
      mark(node, gpuNode(node));
    }
  }

  /** Plans each group's managed nodes, applies the plans, and counts them. */
  private List<NodeUpgradeStatus> plan(
      Map<UpgradeGroup, List<NodeUpgrade>> managed, Map<UpgradeGroup, UpgradePolicy> policies) {
    List<UpgradeCounts> counts = new ArrayList<>();
    List<NodeUpgradeStatus> statuses = new ArrayList<>();
    Map<String, Node> byName = new HashMap<>();
    caches.nodes().forEach(n -> byName.put(n.getMetadata().getName(), n));
    managed.forEach((group, nodes) -> {
      ClusterUpgrade.Pass pass =
          new ClusterUpgrade(policies.get(group), deadlines, clock.instant()).plan(nodes);
      counts.add(pass.counts());
      for (ClusterUpgrade.Planned planned : pass.plans()) {
        apply(byName.get(planned.node().name()), planned.node(), planned.plan(), true);
        UpgradeState state = planned.plan().state();
        if (state != UpgradeState.UPGRADE_DONE && state != UpgradeState.UNKNOWN) {
          statuses.add(
              new NodeUpgradeStatus(
                  planned.node().name(), state.label(), planned.plan().message()));
        }
      }
    });
    metrics.driverUpgrades(true, UpgradeCounts.sum(counts));
    return statuses;
  }

  /** A node no driver upgrades now: its state goes, with why, and the mark of upgrades. */
  private void release(Node node, UpgradeRules rules, String why) {
    if (hasState(node)) {
      NodeUpgrade upgrade = view.of(node);
      apply(node, upgrade, rules.abandon(upgrade, why), false);
    } else {
      mark(node, false);
    }
  }

  /** Why upgrades are off everywhere, as NVIDIA's decides; empty when some are on. */
  private static Optional<String> off(ClusterPolicySpec spec, List<UpgradeGroup> groups) {
    if (spec.driver() != null && !spec.driver().enabledOrDefault()) {
      return Optional.of("the ClusterPolicy does not run the driver");
    }
    if (Optional.ofNullable(spec.sandboxWorkloads())
        .map(SandboxWorkloadsSpec::enabled)
        .orElse(false)) {
      return Optional.of("sandbox workloads are enabled");
    }
    if (groups.stream().noneMatch(UpgradeGroup::autoUpgrade)) {
      return Optional.of(
          groups.size() == 1 && groups.get(0).owner().equals("ClusterPolicy")
              ? "driver.upgradePolicy.autoUpgrade is off"
              : "no NVIDIADriver has upgradePolicy.autoUpgrade on");
    }
    return Optional.empty();
  }

  /** Upgrades off: every node's state and the mark of automatic upgrades go. */
  private void stop(String why) {
    metrics.driverUpgrades(false, new UpgradeCounts(0, 0, 0, 0, 0, 0));
    UpgradeRules rules = new UpgradeRules(UpgradePolicy.of(null), deadlines, clock.instant());
    for (Node node : caches.nodes()) {
      if (hasState(node)) {
        NodeUpgrade upgrade = view.of(node);
        apply(node, upgrade, rules.abandon(upgrade, why), false);
      } else {
        mark(node, false);
      }
    }
  }

  /**
   * @param enabled whether the node carries NVIDIA's mark of automatic upgrades
   */
  private void apply(Node node, NodeUpgrade upgrade, UpgradePlan plan, boolean enabled) {
    if (node == null) {
      return; // deleted since the pass began
    }
    patch(node, plan, enabled);
    plan.evict().forEach(this::evict);
    plan.delete().forEach(this::restart);
    if (plan.state() != upgrade.state()) {
      log.info(
          "node {}: driver upgrade {} -> {} ({})",
          upgrade.name(),
          label(upgrade.state()),
          label(plan.state()),
          plan.message());
    }
    plan.failed().ifPresent(why -> events.warning(node, "DriverUpgradeFailed", why));
    if (plan.state() == UpgradeState.UPGRADE_DONE && upgrade.state().inProgress()) {
      events.normal(node, "DriverUpgraded", plan.message());
    }
  }

  private void patch(Node node, UpgradePlan plan, boolean enabled) {
    ObjectNode patch = JSON.createObjectNode();
    ObjectNode metadata = patch.putObject("metadata");
    String want = plan.state().label();
    String have = labels(node).getOrDefault(UpgradeKeys.STATE, "");
    if (!want.equals(have)) {
      ObjectNode labels = metadata.putObject("labels");
      if (want.isEmpty()) {
        labels.putNull(UpgradeKeys.STATE);
      } else {
        labels.put(UpgradeKeys.STATE, want);
      }
    }
    Map<String, String> current = annotations(node);
    ObjectNode annotations = JSON.createObjectNode();
    plan.annotate()
        .forEach((k, v) -> {
          if (!v.equals(current.get(k))) {
            annotations.put(k, v);
          }
        });
    plan.unannotate().stream().filter(current::containsKey).forEach(annotations::putNull);
    mark(annotations, current, enabled);
    if (!annotations.isEmpty()) {
      metadata.set("annotations", annotations);
    }
    plan.unschedulable()
        .ifPresent(on -> {
          if (on) {
            patch.putObject("spec").put("unschedulable", true);
          } else {
            patch.putObject("spec").putNull("unschedulable");
          }
        });
    if (metadata.isEmpty() && !patch.has("spec")) {
      return;
    }
    client.nodes().resource(node).patch(PatchContext.of(PatchType.JSON_MERGE), patch.toString());
  }

  /** NVIDIA's mark of automatic upgrades on a GPU node, on or off, alone. */
  private void mark(Node node, boolean on) {
    ObjectNode annotations = JSON.createObjectNode();
    mark(annotations, annotations(node), on);
    if (annotations.isEmpty()) {
      return;
    }
    ObjectNode patch = JSON.createObjectNode();
    patch.putObject("metadata").set("annotations", annotations);
    client.nodes().resource(node).patch(PatchContext.of(PatchType.JSON_MERGE), patch.toString());
  }

  private static void mark(ObjectNode annotations, Map<String, String> current, boolean on) {
    boolean has = "true".equals(current.get(UpgradeKeys.ENABLED));
    if (on && !has) {
      annotations.put(UpgradeKeys.ENABLED, "true");
    } else if (!on && current.containsKey(UpgradeKeys.ENABLED)) {
      annotations.putNull(UpgradeKeys.ENABLED);
    }
  }

  private void evict(String pod) {
    String[] ref = pod.split("/", 2);
    try {
      boolean evicted = client.pods().inNamespace(ref[0]).withName(ref[1]).evict();
      log.info(
          "evicting {} for its node's driver upgrade: {}",
          pod,
          evicted ? "done" : "refused for now");
    } catch (KubernetesClientException e) {
      if (e.getCode() != 404) {
        throw e;
      }
    }
  }

  private void restart(String pod) {
    client.pods().inNamespace(namespace).withName(pod).delete();
    log.info("deleting {}/{} for its node's driver upgrade", namespace, pod);
  }

  /**
   * Whether the node is mid-upgrade and still meant to run the driver: between the old driver pod
   * and the new one it has none, and stays managed.
   */
  private static boolean underWay(Node node) {
    Map<String, String> labels = labels(node);
    return UpgradeState.of(labels.getOrDefault(UpgradeKeys.STATE, ""))
            .map(UpgradeState::inProgress)
            .orElse(false)
        && "true".equals(labels.get(LabelKeys.deploy("driver")));
  }

  private static boolean hasState(Node node) {
    return labels(node).containsKey(UpgradeKeys.STATE);
  }

  private static boolean gpuNode(Node node) {
    return "true".equals(labels(node).get(LabelKeys.GPU_PRESENT));
  }

  private static String label(UpgradeState state) {
    return state.label().isEmpty() ? "(none)" : state.label();
  }

  private static Map<String, String> labels(Node node) {
    return Optional.ofNullable(node.getMetadata().getLabels()).orElse(Map.of());
  }

  private static Map<String, String> annotations(Node node) {
    return Optional.ofNullable(node.getMetadata().getAnnotations()).orElse(Map.of());
  }
}
