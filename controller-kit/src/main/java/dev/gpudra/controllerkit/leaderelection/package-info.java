/**
 * Leader election over a {@code coordination.k8s.io} Lease for gpu-dra's controllers, as
 * java-operator-sdk runs it on fabric8's {@code LeaseLock}, and what that needs of RBAC: the Lease
 * is read with {@code get}, taken with {@code create} and renewed with {@code patch}. A process
 * whose role lacks one of them leads once and then can never renew, so {@link
 * dev.gpudra.controllerkit.leaderelection.Leadership} asks the API server ({@code
 * SelfSubjectAccessReview}) and says so in its readiness, a Warning Event and a metric.
 */
package dev.gpudra.controllerkit.leaderelection;
