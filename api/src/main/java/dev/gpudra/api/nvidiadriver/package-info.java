/**
 * NVIDIA's {@code NVIDIADriver} resource ({@code nvidia.com/v1alpha1}, cluster-scoped): one driver
 * per pool of GPU nodes, in place of the ClusterPolicy's {@code driver} when that says {@code
 * useNvidiaDriverCRD: true}.
 */
package dev.gpudra.api.nvidiadriver;
