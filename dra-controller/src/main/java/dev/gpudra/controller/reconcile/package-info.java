/**
 * The ComputeDomain controller on java-operator-sdk: {@link
 * dev.gpudra.controller.reconcile.ComputeDomainReconciler} (per domain: finalizer → workload
 * template → daemon template → DaemonSet → status every 2 s; on deletion NVIDIA's order) and {@link
 * dev.gpudra.controller.reconcile.ComputeDomainController}, which runs it on controller-kit's
 * runtime, informers and status writer.
 *
 * <p>Invariants: only this package (through controller-kit) talks to the API server; the objects
 * and the status come from the pure builders of {@code model} and {@code status}; a status equal to
 * the stored one is not written.
 */
package dev.gpudra.controller.reconcile;
