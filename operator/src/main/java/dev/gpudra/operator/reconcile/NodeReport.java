package dev.gpudra.operator.reconcile;

import dev.gpudra.operator.labels.NodeStack;
import dev.gpudra.operator.migration.MigrationStep;

/**
 * One GPU node after a pass: its stack and where its move is.
 *
 * @param node its name
 * @param stack the stack its labels give it now
 * @param target the stack it should run
 * @param step where its move is ({@code STEADY} when it is not moving)
 * @param message why it waits
 */
record NodeReport(
    String node, NodeStack stack, NodeStack target, MigrationStep step, String message) {}
