package dev.gpudra.operator.upgrade;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What to do to a node in this pass of its upgrade.
 *
 * @param state its state from now on
 * @param unschedulable its new cordon, if it changes
 * @param annotate annotations to set
 * @param unannotate annotations to remove
 * @param evict pods to evict ({@code namespace/name}), respecting their PodDisruptionBudgets
 * @param delete the operator's pods to delete so that their DaemonSet starts them again
 * @param message where the node is, or what it waits for
 * @param failed why the upgrade failed, when it fails in this pass
 */
public record UpgradePlan(
    UpgradeState state,
    Optional<Boolean> unschedulable,
    Map<String, String> annotate,
    Set<String> unannotate,
    List<String> evict,
    List<String> delete,
    String message,
    Optional<String> failed) {
  public UpgradePlan {
    annotate = Map.copyOf(annotate);
    unannotate = Set.copyOf(unannotate);
    evict = List.copyOf(evict);
    delete = List.copyOf(delete);
  }
}
