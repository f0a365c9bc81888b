/**
 * The simulated NVML backend: {@link dev.gpudra.nvml.simulated.SimulatedNvml} answers the port from
 * a validated {@link dev.gpudra.nvml.simulated.GpuProfile}, loaded from YAML by {@link
 * dev.gpudra.nvml.simulated.ProfileLoader} (built-in profiles and models are resources under {@code
 * dev/gpudra/nvml/profiles} and {@code dev/gpudra/nvml/models}; the schema is in
 * docs/gpu-profiles.md).
 *
 * <p>Invariants: a profile that loads is internally consistent (MIG devices fit their profiles'
 * placements and instance counts without sharing a memory slice); every answer is a pure function
 * of (profile, node name), so UUIDs, bus IDs and GI IDs are stable across restarts; values in the
 * built-in profiles follow what real NVML reports (docs/gpu-profiles.md lists the sources). An XID
 * reaches the event sets only when injected: in the process ({@code injectXid}) or, with a state
 * file, through the {@link dev.gpudra.nvml.simulated.XidInbox} beside it, each line once.
 */
package dev.gpudra.nvml.simulated;
