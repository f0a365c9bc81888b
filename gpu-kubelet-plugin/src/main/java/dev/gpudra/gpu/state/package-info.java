/**
 * Preparing and unpreparing claims on this node: {@link dev.gpudra.gpu.state.DeviceState} follows a
 * two-phase checkpoint (PrepareStarted, then PrepareCompleted) so that every step is idempotent,
 * {@link dev.gpudra.gpu.state.GpuDraDriver} adapts it to the kit's driver seam and turns typed
 * exceptions into per-claim error strings in one place, and {@link
 * dev.gpudra.gpu.state.StaleClaimCleaner} rolls back half-prepared claims whose ResourceClaim is
 * gone. Features (time slices and MPS, DynamicMIG, passthrough) take part in each step through
 * {@link dev.gpudra.gpu.state.DeviceFeature}; this package names none of them.
 *
 * <p>Invariants: one in-process lock serialises all checkpoint-changing work of one DeviceState; a
 * completed claim is returned from the checkpoint without touching the node; a device prepared for
 * one completed claim is refused to another (unless either has admin access); unprepare of an
 * unknown claim succeeds.
 */
package dev.gpudra.gpu.state;
