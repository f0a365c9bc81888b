/**
 * The kubelet's device manager, stood in for on one node: serves the device plugin API's
 * Registration on {@code <node>/device-plugins/kubelet.sock}, dials each registering plugin over
 * its Unix socket (GetDevicePluginOptions, then a ListAndWatch stream), keeps per resource the
 * devices and their health, writes the node's {@code status.capacity} (every device) and {@code
 * status.allocatable} (the healthy ones) for each resource, and allocates devices to the containers
 * of starting pods (GetPreferredAllocation where the plugin offers it, then Allocate), freeing them
 * when the pod stops.
 *
 * <p>Invariants: a device is held by at most one pod at a time; only healthy devices are handed
 * out; a plugin that registers again replaces the earlier connection for its resource; a plugin
 * whose stream ends has all its devices marked unhealthy (allocatable 0, capacity kept), as the
 * kubelet does when a plugin disconnects.
 */
package dev.gpudra.localcluster.devicemanager;
