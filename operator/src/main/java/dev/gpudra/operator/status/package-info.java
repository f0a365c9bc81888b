/**
 * A ClusterPolicy's status as NVIDIA's operator writes it, from what a reconcile found: {@code
 * state} ({@code ready}, {@code notReady}, {@code ignored}), the operator's namespace, and the
 * paired {@code Ready} / {@code Error} conditions with NVIDIA's reasons and messages.
 *
 * <p>Invariants: pure; a condition's {@code lastTransitionTime} moves only when its status flips,
 * so an unchanged cluster gives an identical status (and no write).
 */
package dev.gpudra.operator.status;
