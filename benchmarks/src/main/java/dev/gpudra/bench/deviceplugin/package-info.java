/**
 * {@code gpu-dra bench device-plugin}: the classic {@code nvidia.com/gpu} device plugin as the
 * kubelet's device manager sees it. The plugin runs in a child JVM ({@code gpu-dra device-plugin}
 * on simulated GPUs); {@code test-support}'s device-manager stand-in in this JVM serves {@code
 * kubelet.sock}, takes its Register, dials it back, opens ListAndWatch and calls Allocate, over
 * real Unix sockets.
 *
 * <p>Invariants: start times are taken where the events arrive (the Register call, the first list),
 * from the child's spawn, not by polling; every Allocate timed against the plugin is followed by
 * the same request to a trivial server in this JVM on the same transport (the floor), so both see
 * the machine at the same moments and the ratio is the plugin's cost above the transport; a child's
 * files (its sockets, CDI spec and log) stay in its own directory under the work directory.
 */
package dev.gpudra.bench.deviceplugin;
