/**
 * Claim allocation as the kube-scheduler's structured allocator does it, with an explanation.
 *
 * <p>{@link dev.gpudra.allocator.Allocator} takes one ResourceClaim, the cluster's DeviceClasses,
 * ResourceSlices and allocated devices, and one node, and returns either an {@link
 * dev.gpudra.allocator.Allocation} (the {@code status.allocation} the scheduler would write) or an
 * {@link dev.gpudra.allocator.Unsatisfiable}; both carry an {@link
 * dev.gpudra.allocator.Explanation} (per request, per device: chosen, matched, or the first check
 * that rejected it). CEL is reached only through {@link dev.gpudra.allocator.SelectorEvaluator}.
 *
 * <p>Invariants: pure (no client, no clock, no static state; each call builds its own search);
 * deterministic (pools by driver and pool name, slices by name, devices as published, as Kubernetes
 * 1.36 sorts them); the first full solution of a first-fit backtracking search wins, as upstream.
 * Deliberate differences from upstream: a CEL error makes only that device not match (upstream
 * aborts the allocation), and a claim config listing two requests is copied once. Checked as with
 * their gates on: device taints against tolerations (DRADeviceTaints), shared counters
 * (DRAPartitionableDevices), and consumable capacity with {@code distinctAttribute}
 * (DRAConsumableCapacity: shares of devices that allow multiple allocations, request policies,
 * other claims' consumption; share IDs come from a supplier, random like the scheduler's), and
 * binding conditions (DRADeviceBindingConditions: copied into the results; pools with such devices
 * are tried last; {@code bindsToNode} pins the node), and compatibility groups
 * (DRADeviceCompatibilityGroups, alpha in 1.37: per counter set, devices co-allocated only where
 * their groups intersect, checked before the counters; a gate-off scheduler's skipping of pools
 * with groups is not modelled, since slices that carry groups mean the API server's gate is on).
 * Not modelled: per-device node selection, several claims per pod at once, and scoring.
 */
package dev.gpudra.allocator;
