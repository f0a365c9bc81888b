/**
 * The objects each operand state applies, built from the ClusterPolicy as pure code: the common
 * DaemonSet settings of {@code spec.daemonsets} and of each component (image, pull policy and
 * secrets, args, env, resources), NVIDIA's names and node selectors ({@code
 * nvidia.com/gpu.deploy.<operand>=true}), and the hash NVIDIA's operator gates updates on ({@code
 * nvidia.com/last-applied-hash}).
 *
 * <p>Invariants: rendering is deterministic (the same policy gives byte-identical objects, so the
 * hash only changes with the policy); a component's {@code env} overrides ours by name, its {@code
 * args} replace ours; nothing here reads the API server.
 */
package dev.gpudra.operator.render;
