/**
 * The cluster as kube-scheduler sees it when it allocates devices: DeviceClasses, ResourceSlices,
 * the devices that claims already hold, the nodes, and the DeviceTaintRules (from resource.k8s.io
 * v1, else v1beta2, else v1alpha3, as served). The one package of this module that reads from an
 * API server ({@link dev.gpudra.allocator.cluster.ClusterSnapshot#read}); everything it builds is
 * handed to the pure allocator. Used by {@code gpu-dra explain --kubeconfig} and by the test
 * harness's scheduler stand-in and agreement check, so both see the cluster alike.
 */
package dev.gpudra.allocator.cluster;
