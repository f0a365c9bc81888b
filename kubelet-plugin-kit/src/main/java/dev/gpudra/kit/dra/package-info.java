/**
 * The DRA node services ({@code k8s.io.kubelet.pkg.apis.dra.v1} and {@code v1beta1}), both
 * delegating to one {@link dev.gpudra.kit.dra.DraHandler}.
 *
 * <p>Invariants: every response has exactly one entry per requested claim UID; a claim that is
 * missing, replaced or not allocated fails only itself; an exception from the driver becomes
 * per-claim errors (mapped in {@link dev.gpudra.kit.dra.ClaimErrors}), never a failed RPC; driver
 * calls are serialised node-wide by {@link dev.gpudra.kit.dra.NodeLock} ({@code pu.lock}).
 */
package dev.gpudra.kit.dra;
