/**
 * Uninstalling the operator's policies before the operator goes: every ClusterPolicy and GPUCluster
 * deleted, then waited for while the running operator takes the nodes off the DRA driver under the
 * policies' finalizers (the chart's pre-delete hook, {@code gpu-dra operator uninstall}).
 */
package dev.gpudra.operator.uninstall;
