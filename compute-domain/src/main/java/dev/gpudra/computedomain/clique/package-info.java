/**
 * The node's NVLink clique, from NVML's fabric information of its GPUs ({@link
 * dev.gpudra.computedomain.clique.CliqueIds}): {@code <cluster UUID>.<clique ID>}, or none when no
 * GPU is on a multi-node NVLink fabric. Computed once at start.
 *
 * <p>Invariants: every GPU on a fabric must agree on one cluster UUID and one clique ID; in strict
 * mode ({@code CrashOnNVLinkFabricErrors}) a GPU whose fabric is supported but not registered, or
 * registered with an error, stops the start, so that a node never joins a domain half-attached.
 */
package dev.gpudra.computedomain.clique;
