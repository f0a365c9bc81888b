/**
 * The files the compute-domain daemon gives {@code nvidia-imex}, as NVIDIA's daemon writes them:
 * {@link dev.gpudra.computedomain.imex.ImexConfigFile} ({@code imexd.cfg} from the template the
 * plugin puts in the domain's directory), {@link dev.gpudra.computedomain.imex.NodesConfig} ({@code
 * nodes.cfg}: stable DNS names, or the peers' IPs) and {@link
 * dev.gpudra.computedomain.imex.HostsFile} (the DNS names' addresses in {@code /etc/hosts}), and
 * the clique index rule ({@link dev.gpudra.computedomain.imex.CliqueIndex}).
 *
 * <p>Invariants: pure text in, text out; a node's DNS name follows from its index alone, so a
 * daemon that restarts with the same index keeps its name and IMEX only re-resolves.
 */
package dev.gpudra.computedomain.imex;
