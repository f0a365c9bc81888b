/**
 * The kubelet's device manager, stood in for on one node: serves the device plugin API's
 * Registration on {@code <dir>/kubelet.sock} (v1beta1, an extended resource name), dials each
 * registering plugin over its Unix socket (GetDevicePluginOptions, then a ListAndWatch stream)
 * before it answers, keeps per resource the devices and their health, hands each resource's
 * capacity (every device) and allocatable (the healthy ones) to a {@link
 * dev.gpudra.testsupport.devicemanager.ResourceListener}, and allocates devices to the containers
 * of starting pods (GetPreferredAllocation where the plugin offers it, then Allocate, then
 * PreStartContainer where the plugin requires it), freeing them when the pod stops.
 *
 * <p>Invariants: a device is held by at most one pod at a time; only healthy devices are handed
 * out; a plugin that registers again replaces the earlier connection for its resource; a plugin
 * whose stream ends has all its devices marked unhealthy (allocatable 0, capacity kept), as the
 * kubelet does when a plugin disconnects. Every call to a plugin has a deadline.
 *
 * <p>Used by the local cluster's nodes (which write the counts into the Node's status), the device
 * plugin's tests (which read the raw registrations and lists) and the device plugin benchmark
 * (which times the registration and the first list).
 */
package dev.gpudra.testsupport.devicemanager;
