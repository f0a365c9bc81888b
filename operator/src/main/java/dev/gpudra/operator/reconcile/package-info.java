/**
 * The ClusterPolicy operator at run time, on java-operator-sdk: the singleton policy's states
 * applied in NVIDIA's order (objects created or updated only when their hash changed, owned by the
 * policy, a disabled state's objects deleted), every node's labels, cordon and GPU stack moved one
 * step at a time, and the status; reads come from informer caches, whose changes reconcile the
 * policy at once.
 *
 * <p>Flow: node, pod, claim or DaemonSet change → {@link
 * dev.gpudra.operator.reconcile.PrimaryEvents} → {@link
 * dev.gpudra.operator.reconcile.ClusterPolicyReconciler} → states ({@link
 * dev.gpudra.operator.render.dispatch.StateObjects} → {@link
 * dev.gpudra.operator.reconcile.ObjectApplier}) → nodes ({@link
 * dev.gpudra.operator.reconcile.NodeMover}) → status ({@link
 * dev.gpudra.operator.status.PolicyStatusRules}).
 */
package dev.gpudra.operator.reconcile;
