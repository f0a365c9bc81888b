/**
 * Health checking for the classic device plugin, as NVIDIA's k8s-device-plugin does it: NVML's XID
 * events make a GPU Unhealthy, and ListAndWatch sends its devices (replicas included) Unhealthy.
 * {@link dev.gpudra.deviceplugin.health.HealthCheckSettings} reads NVIDIA's {@code
 * DP_DISABLE_HEALTHCHECKS} and {@code DP_ENABLE_HEALTHCHECKS} values (handed in: this package does
 * not read the environment); {@link dev.gpudra.deviceplugin.health.DeviceHealthMonitor} watches the
 * GPUs through an {@link dev.gpudra.nvml.XidWatch} it is given, never through the NVML port itself.
 *
 * <p>Invariants: health is kept per GPU UUID; a later XID never weakens a GPU's trouble (an
 * Unhealthy GPU stays so when an ignored XID follows; one Unhealthy for good stays so). Beyond
 * NVIDIA's plugin, where Unhealthy is permanent, a GPU Unhealthy from a transient XID is Healthy
 * again once it has had no further counted XID for the recovery period (the DRA plugin's
 * classification: {@link dev.gpudra.node.xid.XidRules#DEFAULT_FATAL} XIDs, a GPU NVML will not
 * watch and a failed event set are for good; zero recovery keeps NVIDIA's behaviour).
 */
package dev.gpudra.deviceplugin.health;
