/**
 * NVIDIA's ordered operand states ({@link dev.gpudra.operator.states.OperandState}, names and order
 * as the GPU Operator's, with gpu-dra's {@code state-dra-driver} after the device plugin's), which
 * of them a ClusterPolicy enables, and the readiness rules for their DaemonSets and Deployments.
 *
 * <p>Invariants: pure functions of the policy and of objects read from the API server; every state
 * is visited in the same order on every reconcile; a DaemonSet with nothing to schedule is ready.
 */
package dev.gpudra.operator.states;
