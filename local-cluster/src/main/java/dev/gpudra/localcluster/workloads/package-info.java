/**
 * Stands in, on the embedded API server, for the workload controllers of kube-controller-manager
 * that the GPU plugin's own objects need: a Deployment gets its pods (the plugin's MPS control
 * daemons) and a status from their readiness; a deleted Deployment's pods are deleted gracefully,
 * so that the node stops their containers before they go. The real control plane runs the real
 * controllers instead.
 */
package dev.gpudra.localcluster.workloads;
