/**
 * gpu-dra's node-by-node move between NVIDIA's device plugin and our DRA driver, as pure rules:
 * which stack a GPU node should run ({@link dev.gpudra.operator.migration.StackTargets}, from
 * {@code spec.draDriver} and {@code spec.migration}), and for a node whose stack differs, the next
 * step ({@link dev.gpudra.operator.migration.MigrationRules}): cordon, wait for (or drain) the pods
 * holding GPUs through the old stack, take the old stack off and wait until its plugin is gone, put
 * the new one on and wait until it is ready, uncordon.
 *
 * <p>Invariants: a node never runs both stacks (the old deploy label goes and the old plugin pod is
 * gone before the new label comes); the DRA plugin outlives every pod whose claims it must
 * unprepare; every step is computed afresh from what the node shows, so a failed or interrupted
 * step is simply taken again, and a target that flips mid-move turns the node around from where it
 * is; a node an admin cordoned stays cordoned.
 */
package dev.gpudra.operator.migration;
