package dev.gpudra.operator.upgrade;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Builds one {@link UpgradePlan}: a state change times the new state and ends the old one's clock.
 */
final class PlanBuilder {
  private final NodeUpgrade node;
  private final Instant now;
  private UpgradeState state;
  private Optional<Boolean> unschedulable = Optional.empty();
  private final Map<String, String> annotate = new HashMap<>();
  private final Set<String> unannotate = new HashSet<>();
  private final List<String> evict = new ArrayList<>();
  private final List<String> delete = new ArrayList<>();
  private Optional<String> failed = Optional.empty();

  PlanBuilder(NodeUpgrade node, Instant now) {
    this.node = node;
    this.now = now;
    this.state = node.state();
  }

  /** Moves the node to {@code next}, timed from now. */
  PlanBuilder to(UpgradeState next) {
    if (next != node.state()) {
      unannotate.add(UpgradeKeys.since(node.state()));
      if (next == UpgradeState.UPGRADE_DONE || next == UpgradeState.UNKNOWN) {
        unannotate.addAll(UpgradeKeys.BOOKKEEPING);
      } else {
        unannotate.remove(UpgradeKeys.since(next));
        annotate.put(UpgradeKeys.since(next), Long.toString(now.getEpochSecond()));
      }
    }
    state = next;
    return this;
  }

  PlanBuilder cordon(boolean on) {
    if (on != node.unschedulable()) {
      unschedulable = Optional.of(on);
    }
    return this;
  }

  PlanBuilder annotate(String key, String value) {
    annotate.put(key, value);
    unannotate.remove(key);
    return this;
  }

  PlanBuilder unannotate(String key) {
    annotate.remove(key);
    unannotate.add(key);
    return this;
  }

  PlanBuilder evict(List<NodePod> pods) {
    pods.forEach(p -> evict.add(p.toString()));
    return this;
  }

  PlanBuilder delete(String pod) {
    delete.add(pod);
    return this;
  }

  PlanBuilder failed(String why) {
    failed = Optional.of(why);
    return this;
  }

  UpgradePlan say(String message) {
    if (state == node.state() && state.inProgress() && node.since().isEmpty()) {
      // a node whose state no clock times yet (labelled by NVIDIA's operator, or before a
      // restart lost a write): its deadline counts from now
      annotate.put(UpgradeKeys.since(state), Long.toString(now.getEpochSecond()));
    }
    return new UpgradePlan(
        state, unschedulable, annotate, unannotate, evict, delete, message, failed);
  }
}
