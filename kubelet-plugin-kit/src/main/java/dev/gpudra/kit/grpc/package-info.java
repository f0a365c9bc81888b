/**
 * gRPC server lifecycles and the Unix-socket transport.
 *
 * <p>Servers take an injected builder factory, so tests can serve on a temp Unix socket or in
 * process; the server classes own only the lifecycle: start, graceful stop with a timeout. A {@link
 * dev.gpudra.kit.grpc.UnixSocketServer} owns its socket file: a stale file is removed before
 * listening, the socket is made owner-only (0600) and it is removed again on close.
 */
package dev.gpudra.kit.grpc;
