package dev.gpudra.operator.reconcile;

import dev.gpudra.operator.status.ReconcileOutcome;

/**
 * One pass of a policy that is being deleted.
 *
 * @param done whether no node runs or leaves the DRA driver any more: the finalizer may go
 * @param waiting what the deletion waits for, for the status
 * @param outcome the nodes and their steps, or why the pass failed
 */
record DeletionPass(boolean done, String waiting, ReconcileOutcome outcome) {}
