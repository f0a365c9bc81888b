package dev.gpudra.operator.upgrade;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One pass of a driver upgrade over the managed nodes: how many may start ({@code
 * maxParallelUpgrades} and {@code maxUnavailable}, NVIDIA's arithmetic), then each node's next
 * step, the waiting ones taking the free slots in name order.
 */
public final class ClusterUpgrade {
  private final UpgradePolicy policy;
  private final UpgradeRules rules;

  public ClusterUpgrade(UpgradePolicy policy, UpgradeDeadlines deadlines, Instant now) {
    this.policy = policy;
    this.rules = new UpgradeRules(policy, deadlines, now);
  }

  /** A node and its plan. */
  public record Planned(NodeUpgrade node, UpgradePlan plan) {}

  /** The plans, and the counts before them. */
  public record Pass(List<Planned> plans, UpgradeCounts counts) {}

  public Pass plan(List<NodeUpgrade> nodes) {
    UpgradeCounts counts = counts(nodes);
    int slots = counts.available();
    List<Planned> plans = new ArrayList<>();
    for (NodeUpgrade node :
        nodes.stream().sorted(Comparator.comparing(NodeUpgrade::name)).toList()) {
      UpgradePlan plan = rules.next(node, slots > 0);
      if (node.state() == UpgradeState.UPGRADE_REQUIRED
          && plan.state() == UpgradeState.CORDON_REQUIRED) {
        slots--;
      }
      plans.add(new Planned(node, plan));
    }
    return new Pass(plans, counts);
  }

  /** The counts NVIDIA's metrics report, and the slots free now. */
  public UpgradeCounts counts(List<NodeUpgrade> nodes) {
    int total = nodes.size();
    int done = count(nodes, UpgradeState.UPGRADE_DONE);
    int pending = count(nodes, UpgradeState.UPGRADE_REQUIRED);
    int inProgress = total - done - pending - count(nodes, UpgradeState.UNKNOWN);
    return new UpgradeCounts(
        total,
        inProgress,
        done,
        count(nodes, UpgradeState.UPGRADE_FAILED),
        pending,
        Math.max(0, available(nodes, total, inProgress, pending)));
  }

  private int available(List<NodeUpgrade> nodes, int total, int inProgress, int pending) {
    int maxUnavailable = policy.maxUnavailable(total);
    int available =
        policy.maxParallelUpgrades() == 0 ? pending : policy.maxParallelUpgrades() - inProgress;
    // nodes about to be cordoned count as unavailable already, as NVIDIA's
    int unavailable =
        (int) nodes.stream().filter(NodeUpgrade::unavailable).count()
            + count(nodes, UpgradeState.CORDON_REQUIRED);
    available = Math.min(available, maxUnavailable);
    if (unavailable >= maxUnavailable) {
      return 0;
    }
    if (maxUnavailable < total && unavailable + available > maxUnavailable) {
      return maxUnavailable - unavailable;
    }
    return available;
  }

  private static int count(List<NodeUpgrade> nodes, UpgradeState state) {
    return (int) nodes.stream().filter(n -> n.state() == state).count();
  }
}
