/**
 * NVMLDeviceHealthCheck: NVML's XID events become device taints in the ResourceSlices, with
 * NVIDIA's keys and effects, and the device health the kubelet shows in pod status.
 *
 * <p>Invariants: a device holds at most one taint per key, and a later event never weakens one (a
 * {@code NoSchedule} XID taint stays when an ignored XID follows; a fatal one stays when a
 * transient one follows). Beyond NVIDIA's plugin, a taint from a transient XID is removed once the
 * device has had no further non-ignored XID for the recovery period; fatal XIDs and lost GPUs stay
 * tainted until the plugin restarts. The health sent to the kubelet is derived from the same
 * taints, so the slice and the pod status never disagree.
 */
package dev.gpudra.gpu.health;
