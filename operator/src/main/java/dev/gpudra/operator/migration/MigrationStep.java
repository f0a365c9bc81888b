package dev.gpudra.operator.migration;

/** Where a node is on its way from one GPU stack to the other. */
public enum MigrationStep {
  /** On the stack it should run; nothing to do. */
  STEADY,
  /** Being cordoned, so no new GPU pod lands on it while it moves. */
  CORDON,
  /** Pods still hold GPUs through the stack it leaves: drained per policy, or waited for. */
  WAIT_FOR_GPU_PODS,
  /** The old stack's deploy label is off; its plugin pod is going. */
  STOP_OLD_STACK,
  /** The new stack's deploy label is on; its plugin pod is not ready yet. */
  START_NEW_STACK,
  /** On the new stack; uncordoned (if this move cordoned it). */
  UNCORDON
}
