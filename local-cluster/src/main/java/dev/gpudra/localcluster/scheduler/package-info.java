/**
 * Stands in for the kube-scheduler and the resource-claim controller on the local cluster: creates
 * claims from templates, allocates every claim of a pending pod with the {@link
 * dev.gpudra.allocator.Allocator}, reserves the claims for the pod, binds it, and releases claims
 * of deleted pods.
 *
 * <p>Invariants: the decisions ({@link dev.gpudra.localcluster.scheduler.PodPlacement}, {@link
 * dev.gpudra.localcluster.scheduler.TemplateClaims}, {@link
 * dev.gpudra.localcluster.scheduler.ClaimStatuses}) are pure functions of API objects; only {@link
 * dev.gpudra.localcluster.scheduler.SchedulerStandIn} talks to the API. A claim's allocation is
 * written before the pod is bound, so a bound pod's claims are always allocated and reserved.
 */
package dev.gpudra.localcluster.scheduler;
