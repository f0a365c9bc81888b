/**
 * The kubelet plugin registration service ({@code pluginregistration.Registration}).
 *
 * <p>{@code GetInfo} advertises a {@code DRAPlugin} named after the driver, the absolute DRA socket
 * path, and the DRA services newest first. The kubelet's verdict arrives through {@code
 * NotifyRegistrationStatus}; it is recorded, can be awaited, and a rejection is answered with a
 * gRPC error as the upstream helper does.
 */
package dev.gpudra.kit.registration;
