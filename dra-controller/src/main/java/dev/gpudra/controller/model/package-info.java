/**
 * The objects the controller makes for each ComputeDomain (NVIDIA's names, labels and finalizer):
 * {@link dev.gpudra.controller.model.DomainObjects#daemonClaimTemplate} and {@link
 * dev.gpudra.controller.model.DaemonSetFactory#daemonSet} in the driver's namespace, {@link
 * dev.gpudra.controller.model.DomainObjects#workloadClaimTemplate} in the domain's.
 *
 * <p>Invariants: pure functions of the domain and the controller's settings; every object carries
 * the domain's UID label and the finalizer, so that deletion and the orphan cleanup find them.
 */
package dev.gpudra.controller.model;
