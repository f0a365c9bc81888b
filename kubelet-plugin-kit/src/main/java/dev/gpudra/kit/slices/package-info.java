/**
 * Publishes one node-local pool of devices as ResourceSlices (pool name = node name).
 *
 * <p>{@link dev.gpudra.kit.slices.ResourceSlicePublisher} keeps the API in line with the last
 * published device list: it watches the driver's slices on this node and re-creates deleted ones
 * (the kubelet wipes a node's slices when it restarts), deletes obsolete ones, and writes nothing
 * when nothing changed. What the slices should be is computed by the pure {@code model} package.
 */
package dev.gpudra.kit.slices;
