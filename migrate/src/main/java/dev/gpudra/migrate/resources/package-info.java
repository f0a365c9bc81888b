/**
 * What each resource of NVIDIA's device plugin means on a node, as the device plugin's config
 * ({@code version: v1}) makes it: {@code nvidia.com/gpu} whole GPUs (or their time-sliced or MPS
 * replicas when {@code sharing} names it), {@code nvidia.com/gpu.shared} the replicas under {@code
 * renameByDefault}, {@code nvidia.com/mig-<profile>} the MIG devices of the {@code mixed} strategy,
 * their {@code +} written as {@code .}.
 *
 * <p>Invariants: every name under {@code nvidia.com/} is classified, as a device with its sharing
 * or as untranslatable with the reason; no name is guessed.
 */
package dev.gpudra.migrate.resources;
