/**
 * The compute-domain daemon's loop ({@link dev.gpudra.computedomain.daemon.DaemonLoop}): one pass a
 * second, the clique's membership → {@code /etc/hosts} (DNS names) or {@code nodes.cfg} (IPs) →
 * {@code nvidia-imex} started, or told to re-resolve, or restarted → this daemon's status in the
 * clique from its pod's readiness.
 *
 * <p>Invariants: a pass writes nothing when nothing changed; IMEX is signalled only for a change it
 * did not start with.
 */
package dev.gpudra.computedomain.daemon;
