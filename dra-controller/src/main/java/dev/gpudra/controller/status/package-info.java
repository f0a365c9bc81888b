/**
 * A ComputeDomain's status from what the controller sees ({@link
 * dev.gpudra.controller.status.DomainStatusRules}): its nodes from the cliques' daemons (or, off
 * the fabric, from the daemon pods), NVIDIA's Ready/NotReady rule, and, beyond NVIDIA's, conditions
 * that say why the domain is not Ready.
 *
 * <p>Invariants: pure functions of the domain, its live daemon pods and its cliques; a daemon
 * without a live pod on its node is not a node of the domain; nodes are sorted by name, so an
 * unchanged cluster gives an equal status and no write.
 */
package dev.gpudra.controller.status;
