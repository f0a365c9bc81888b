package dev.gpudra.deviceplugin.config;

/**
 * {@code sharing}: each GPU advertised as several replicas, time-sliced or under MPS (one of them).
 */
public record Sharing(ReplicatedResources timeSlicing, ReplicatedResources mps) {}
