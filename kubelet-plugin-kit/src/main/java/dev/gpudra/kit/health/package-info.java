/**
 * Liveness over the standard gRPC health protocol ({@code grpc.health.v1}).
 *
 * <p>Services {@code ""} and {@code liveness} are SERVING only while the registration socket
 * answers {@code GetInfo} and an empty {@code NodePrepareResources} over the DRA socket succeeds,
 * both checked on every {@code Check} with short deadlines; anything else is NOT_SERVING.
 */
package dev.gpudra.kit.health;
