/**
 * What the plugin sets on a GPU so that several containers share it, from the claim's winning
 * configs: TimeSlicing (the GPU's compute mode back to DEFAULT, then its time slice) and MPS.
 * {@link dev.gpudra.gpu.sharing.SharingFeature} is its step in each prepare, always registered.
 *
 * <p>Invariants: a GPU has one setting at a time, so a claim asking for another setting than a
 * prepared claim holding the same GPU is refused before anything is touched; the setting is
 * recorded in the checkpoint entry before it is applied (the PrepareStarted entry lists the planned
 * devices), so that unprepare and a roll-back after a crash undo it; a GPU goes back to its default
 * only when the last claim that holds it with a setting is released. Admin-access devices
 * (monitoring) and MIG devices get no time slice.
 */
package dev.gpudra.gpu.sharing;
