/**
 * The DRA resource health API ({@code v1alpha1.DRAResourceHealth/NodeWatchResources}): a driver
 * that has a {@link dev.gpudra.kit.resourcehealth.HealthFeed} gets it served on its DRA socket and
 * advertised at registration, so the kubelet shows each allocated device's health in the pod's
 * {@code allocatedResourcesStatus}.
 *
 * <p>Invariants: every response lists all of the driver's devices (the kubelet marks a device it no
 * longer hears about Unknown); a stream gets the current list as soon as it opens, then every list
 * the feed publishes; a message is at most 1024 characters; a cancelled stream is dropped from the
 * feed.
 */
package dev.gpudra.kit.resourcehealth;
