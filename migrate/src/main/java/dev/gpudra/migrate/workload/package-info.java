/**
 * Workloads as JSON trees: where each kind keeps its pod template ({@link
 * dev.gpudra.migrate.workload.WorkloadKind}), which {@code nvidia.com/} resources a container asks
 * for and how much, where else in an object such resources appear, and the edit that swaps a
 * container's resources for its claim.
 *
 * <p>Invariants: reading never changes a tree; the rewrite touches only the pod spec's {@code
 * resourceClaims} and the containers' {@code resources}, and keeps every other field and its order.
 */
package dev.gpudra.migrate.workload;
