package dev.gpudra.operator.upgrade;

import dev.gpudra.api.clusterpolicy.DriverUpgradePolicySpec;
import io.fabric8.kubernetes.api.model.IntOrString;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Nodes, pods and policies the upgrade rules' tests start from, and edits of them. */
final class UpgradeFixtures {
  private UpgradeFixtures() {}

  static final Instant NOW = Instant.parse("2026-12-06T12:00:00Z");
  static final Instant DRIVER_READY = NOW.minusSeconds(30);
  static final DriverPod OLD = driver(false, true, false);
  static final DriverPod NEW_READY = driver(true, true, false);
  static final DriverPod NEW_STARTING = driver(true, false, false);
  static final NodePod TRAINING = pod("training", true, true, false, false);
  static final NodePod BARE = pod("bare", true, false, false, false);
  static final NodePod WEB = pod("web", false, true, false, false);

  static DriverPod driver(boolean inSync, boolean ready, boolean terminating) {
    return new DriverPod(
        "nvidia-driver-daemonset-x",
        inSync,
        false,
        ready,
        false,
        terminating,
        ready ? Optional.of(DRIVER_READY) : Optional.empty(),
        ready ? "" : "container nvidia-driver-ctr not ready");
  }

  static NodePod pod(
      String name, boolean gpus, boolean controlled, boolean emptyDir, boolean terminating) {
    return new NodePod(
        "ml",
        name,
        Map.of("app", name),
        "Running",
        gpus,
        false,
        controlled,
        emptyDir,
        false,
        terminating);
  }

  static NodeUpgrade node(UpgradeState state, DriverPod driver, List<NodePod> pods) {
    return new NodeUpgrade(
        "gpu-1",
        state,
        false,
        state.cordoned(),
        true,
        false,
        false,
        false,
        Optional.of(NOW.minusSeconds(10)),
        0,
        Optional.empty(),
        Optional.empty(),
        Optional.of("rev-2"),
        Optional.ofNullable(driver),
        pods,
        List.of(new OperandPod("nvidia-operator-validator-x", true, NOW.minusSeconds(5), false)),
        Optional.of(new OperandPod("gpu-dra-kubelet-plugin-x", true, NOW.minusSeconds(5), false)),
        true);
  }

  static UpgradePolicy policy(DriverUpgradePolicySpec spec) {
    return UpgradePolicy.of(spec);
  }

  static final UpgradePolicy AUTO =
      policy(new DriverUpgradePolicySpec(true, 1, new IntOrString("25%"), null, null, null));

  static NodeUpgrade since(NodeUpgrade n, long secondsAgo) {
    NodeUpgradeEdit e = NodeUpgradeEdit.of(n);
    e.since = secondsAgo < 0 ? Optional.empty() : Optional.of(NOW.minusSeconds(secondsAgo));
    return e.build();
  }

  static NodeUpgrade withUnschedulable(NodeUpgrade n, boolean unschedulable, boolean initially) {
    NodeUpgradeEdit e = NodeUpgradeEdit.of(n);
    e.unschedulable = unschedulable;
    e.initiallyUnschedulable = initially;
    return e.build();
  }

  static NodeUpgrade copy(NodeUpgrade n, boolean skip, boolean moving) {
    NodeUpgradeEdit e = NodeUpgradeEdit.of(n);
    e.skip = skip;
    e.moving = moving;
    return e.build();
  }

  static NodeUpgrade operands(
      NodeUpgrade n, Optional<OperandPod> validator, Optional<OperandPod> plugin) {
    NodeUpgradeEdit e = NodeUpgradeEdit.of(n);
    e.validators = validator.stream().toList();
    e.plugin = plugin;
    return e.build();
  }

  static NodeUpgrade failed(NodeUpgrade n, int attempts, String revision) {
    NodeUpgradeEdit e = NodeUpgradeEdit.of(n);
    e.attempts = attempts;
    e.failure = Optional.of("boom");
    e.failedRevision = Optional.of(revision);
    return e.build();
  }
}
