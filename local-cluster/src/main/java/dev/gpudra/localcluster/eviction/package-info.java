/**
 * Stands in, on the embedded API server, for kube-controller-manager's device-taint-eviction
 * controller (KEP-5055): a pod whose allocated claim holds a device with a {@code NoExecute} taint
 * it does not tolerate (published in a ResourceSlice or added by a DeviceTaintRule) gets the {@code
 * DisruptionTarget} condition and is deleted, and each DeviceTaintRule gets its {@code
 * EvictionInProgress} condition. The real control plane runs the real controller instead.
 */
package dev.gpudra.localcluster.eviction;
