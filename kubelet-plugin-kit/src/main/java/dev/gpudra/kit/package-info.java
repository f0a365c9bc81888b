/**
 * The seam between the kubelet plumbing and a DRA driver. A driver implements {@link
 * dev.gpudra.kit.DraDriver} (prepare, unprepare, handleError); the kit owns registration, the DRA
 * v1/v1beta1 gRPC services, fetching claims, per-claim serialisation and ResourceSlice publishing.
 */
package dev.gpudra.kit;
