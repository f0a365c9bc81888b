/**
 * NVMLDeviceHealthCheck: NVML's XID events become device taints in the ResourceSlices, with
 * NVIDIA's keys and effects, and the device health the kubelet shows in pod status.
 *
 * <p>An XID is fatal or not by NVML's recovery action for its GPU, as in NVIDIA's plugin after 0.5
 * ({@link dev.gpudra.gpu.health.XidJudge}); the admin's lists override it, and a driver without
 * recovery actions is judged by NVIDIA's 0.5 lists.
 *
 * <p>Invariants: a device holds at most one taint per key, and a later event never weakens one (a
 * {@code NoSchedule} XID taint stays when a non-fatal XID follows; one that waits for NVML or a
 * restart stays when one that waits for a quiet period follows). Beyond NVIDIA's plugin: a fatal
 * XID taints every device of its GPU, and goes once NVML reads recovery action none again (the GPU
 * was reset); a non-fatal XID's taint goes after the recovery period without XIDs. The admin's
 * fatal XIDs and lost GPUs stay tainted until the plugin restarts. The health sent to the kubelet
 * is derived from the same taints, so the slice and the pod status never disagree.
 */
package dev.gpudra.gpu.health;
