package dev.gpudra.operator.migration;

/**
 * Where a node is on its way from one GPU stack to the other, or off both when the policy that ran
 * them is deleted.
 */
public enum MigrationStep {
  /** On the stack it should run; nothing to do. */
  STEADY,
  /** Being cordoned, so no new GPU pod lands on it while it moves. */
  CORDON,
  /** Pods still hold GPUs through the stack it leaves: drained per policy, or waited for. */
  WAIT_FOR_GPU_PODS,
  /**
   * Leaving the DRA driver: the operands that hold its claims (NVIDIA's DRA validator) are off;
   * their pods are going, so that the driver is still there to unprepare their claims.
   */
  STOP_CLAIM_CONSUMERS,
  /** The old stack's deploy label is off; its plugin pod is going. */
  STOP_OLD_STACK,
  /** The new stack's deploy label is on; its plugin pod is not ready yet. */
  START_NEW_STACK,
  /** On the new stack; uncordoned (if this move cordoned it). */
  UNCORDON
}
