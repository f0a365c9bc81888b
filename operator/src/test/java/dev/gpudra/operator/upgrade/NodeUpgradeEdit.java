package dev.gpudra.operator.upgrade;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** A copy of a {@link NodeUpgrade} with some fields changed, for the rules' table. */
final class NodeUpgradeEdit {
  String name;
  UpgradeState state;
  boolean skip;
  boolean unschedulable;
  boolean nodeReady;
  boolean initiallyUnschedulable;
  boolean requested;
  boolean moving;
  Optional<Instant> since;
  int attempts;
  Optional<String> failure;
  Optional<String> failedRevision;
  Optional<String> newestRevision;
  Optional<DriverPod> driver;
  List<NodePod> pods;
  List<OperandPod> validators;
  Optional<OperandPod> plugin;
  boolean runsPlugin;

  private NodeUpgradeEdit(NodeUpgrade n) {
    name = n.name();
    state = n.state();
    skip = n.skip();
    unschedulable = n.unschedulable();
    nodeReady = n.nodeReady();
    initiallyUnschedulable = n.initiallyUnschedulable();
    requested = n.requested();
    moving = n.moving();
    since = n.since();
    attempts = n.attempts();
    failure = n.failure();
    failedRevision = n.failedRevision();
    newestRevision = n.newestRevision();
    driver = n.driver();
    pods = n.pods();
    validators = n.validators();
    plugin = n.plugin();
    runsPlugin = n.runsPlugin();
  }

  static NodeUpgradeEdit of(NodeUpgrade n) {
    return new NodeUpgradeEdit(n);
  }

  NodeUpgrade build() {
    return new NodeUpgrade(
        name,
        state,
        skip,
        unschedulable,
        nodeReady,
        initiallyUnschedulable,
        requested,
        moving,
        since,
        attempts,
        failure,
        failedRevision,
        newestRevision,
        driver,
        pods,
        validators,
        plugin,
        runsPlugin);
  }
}
