/**
 * How a node process judges NVML's XID events: {@link dev.gpudra.node.xid.XidRules} sorts each XID
 * into a {@link dev.gpudra.node.xid.XidSeverity} by NVIDIA's ignore list and a fatal list (the
 * device plugin, and the GPU plugin where NVML reports no recovery action), and {@link
 * dev.gpudra.node.xid.HealthSettings} holds the GPU plugin's overrides of NVML's recovery action
 * and how long a device must stay quiet before a passing XID's mark is lifted. The GPU plugin turns
 * the result into taints; the device plugin into unhealthy devices.
 *
 * <p>Invariants: pure values, no NVML calls; an XID listed as both ignored and fatal is ignored.
 */
package dev.gpudra.node.xid;
