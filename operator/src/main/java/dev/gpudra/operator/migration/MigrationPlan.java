package dev.gpudra.operator.migration;

import dev.gpudra.operator.labels.NodeStack;
import java.util.List;

/**
 * The next step for one node, and what the operator writes for it.
 *
 * @param step where the node is
 * @param stack the stack its deploy labels must give it ({@code NONE} while neither may run)
 * @param unschedulable whether it must be cordoned
 * @param cordonedByMove whether to mark it cordoned by this move (so the move uncordons it)
 * @param evict pods to evict now (the drain policy's)
 * @param message why the node waits, for the status and events; empty when steady
 * @param claimConsumers whether the stack's operands that hold its claims run there (the DRA
 *     validator with the DRA driver): only on a node whose target is the DRA driver
 */
public record MigrationPlan(
    MigrationStep step,
    NodeStack stack,
    boolean unschedulable,
    boolean cordonedByMove,
    List<GpuPod> evict,
    String message,
    boolean claimConsumers) {
  public MigrationPlan {
    evict = List.copyOf(evict);
  }
}
