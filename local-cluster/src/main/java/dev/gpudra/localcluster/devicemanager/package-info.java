/**
 * The local cluster's side of the kubelet's device manager (which is {@code test-support}'s {@link
 * dev.gpudra.testsupport.devicemanager.DeviceManagerStandIn}): {@link
 * dev.gpudra.localcluster.devicemanager.NodeResources} writes each resource's counts into the
 * Node's {@code status.capacity} (every device) and {@code status.allocatable} (the healthy ones),
 * and {@link dev.gpudra.localcluster.devicemanager.DevicePluginRuntime} puts the device manager in
 * front of a node's pod runtime: allocate and pre-start before the containers start, free after
 * they stop.
 *
 * <p>Invariants: a pod whose devices cannot be allocated does not start; a stopped pod's devices
 * are freed even when stopping its containers fails.
 */
package dev.gpudra.localcluster.devicemanager;
