package dev.gpudra.operator.reconcile;

import dev.gpudra.api.clusterpolicy.DriverUpgradePolicySpec;
import dev.gpudra.api.nvidiadriver.NvidiaDriver;
import dev.gpudra.operator.render.nvidia.driver.DriverDaemonSet;
import io.fabric8.kubernetes.api.model.Node;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The nodes of one driver and the policy their upgrades follow: the ClusterPolicy's driver on every
 * node, or one NVIDIADriver on the nodes labelled as its own, each with its own budget, as
 * NVIDIA's.
 *
 * @param owner what the driver is, for messages ({@code ClusterPolicy}, {@code NVIDIADriver
 *     default})
 * @param policy its {@code upgradePolicy}; absent means automatic upgrades are off
 * @param member whether a node is this driver's
 * @param daemonSet the driver DaemonSet a node of it is meant to run; empty while that is not
 *     rendered (the node is then left as it is)
 * @param replacesOthers whether a driver pod no DaemonSet owns (the ClusterPolicy's, orphaned when
 *     the NVIDIADriver took over) is replaced
 */
record UpgradeGroup(
    String owner,
    Optional<DriverUpgradePolicySpec> policy,
    Predicate<Node> member,
    Function<String, Optional<String>> daemonSet,
    boolean replacesOthers) {

  /** The ClusterPolicy's own driver, on every node. */
  static UpgradeGroup clusterPolicy(DriverUpgradePolicySpec policy) {
    return new UpgradeGroup(
        "ClusterPolicy",
        Optional.ofNullable(policy),
        node -> true,
        node -> Optional.of(DriverDaemonSet.NAME),
        false);
  }

  /**
   * @param daemonSets the DaemonSet of each node of its pools, by node name
   */
  static UpgradeGroup nvidiaDriver(
      String name, DriverUpgradePolicySpec policy, Map<String, String> daemonSets) {
    Map<String, String> copy = Map.copyOf(daemonSets);
    return new UpgradeGroup(
        "NVIDIADriver " + name,
        Optional.ofNullable(policy),
        node ->
            name.equals(
                Optional.ofNullable(node.getMetadata().getLabels())
                    .map(l -> l.get(NvidiaDriver.OWNER_LABEL))
                    .orElse(null)),
        node -> Optional.ofNullable(copy.get(node)),
        true);
  }

  boolean autoUpgrade() {
    return policy.map(p -> Boolean.TRUE.equals(p.autoUpgrade())).orElse(false);
  }
}
