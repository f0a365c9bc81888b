/**
 * Desired ResourceSlices computed from a device list and the slices that exist, without touching a
 * client: splitting ({@link dev.gpudra.kit.slices.model.SliceLayout}), matching and generation
 * ({@link dev.gpudra.kit.slices.model.SlicePlanner}).
 *
 * <p>Invariants: at most 128 devices per slice, 64 when any device has taints or consumes counters;
 * at least one (possibly empty) slice; every current slice carries the same pool generation and the
 * exact slice count; the generation goes up whenever anything in the pool changes.
 */
package dev.gpudra.kit.slices.model;
