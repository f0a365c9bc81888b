package dev.gpudra.kit.grpc;

import io.grpc.Server;
import io.grpc.ServerBuilder;
import io.grpc.ServerServiceDefinition;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lifecycle of one gRPC server: build from an injected builder, start, and stop gracefully (new
 * calls refused, running calls get {@code grace} to finish, then are cancelled).
 */
public final class GrpcServer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(GrpcServer.class);

  private final String name;
  private final Supplier<? extends ServerBuilder<?>> builder;
  private final List<ServerServiceDefinition> services;
  private final Duration grace;
  private Server server;

  public GrpcServer(
      String name,
      Supplier<? extends ServerBuilder<?>> builder,
      List<ServerServiceDefinition> services,
      Duration grace) {
    this.name = Objects.requireNonNull(name, "name");
    this.builder = Objects.requireNonNull(builder, "builder");
    this.services = List.copyOf(services);
    this.grace = Objects.requireNonNull(grace, "grace");
  }

  /**
   * Starts serving, again after {@link #close()} if need be; fails with an {@link
   * UncheckedIOException} when it cannot listen.
   */
  public synchronized void start() {
    if (server != null && !server.isShutdown()) {
      throw new IllegalStateException(name + " server already started");
    }
    ServerBuilder<?> b = builder.get();
    services.forEach(b::addService);
    Server built = b.build();
    try {
      built.start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + name + " gRPC server", e);
    }
    server = built;
    log.info("{} gRPC server listening on {}", name, built.getListenSockets());
  }

  /** The TCP port it listens on, or -1 when it does not listen on one. */
  public synchronized int port() {
    return server == null ? -1 : server.getPort();
  }

  public synchronized boolean running() {
    return server != null && !server.isShutdown();
  }

  @Override
  public synchronized void close() {
    if (server == null) {
      return;
    }
    server.shutdown();
    try {
      if (!server.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS)) {
        log.warn("{} gRPC server did not stop within {}; cancelling running calls", name, grace);
        server.shutdownNow().awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS);
      }
    } catch (InterruptedException e) {
      server.shutdownNow();
      Thread.currentThread().interrupt();
    }
    server = null;
    log.info("{} gRPC server stopped", name);
  }
}
