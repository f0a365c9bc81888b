package dev.gpudra.kit.grpc;

import io.grpc.ServerServiceDefinition;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A gRPC server on a Unix socket file: removes a stale file before listening, makes the socket
 * owner-only (0600) and removes the file on close.
 */
public final class UnixSocketServer implements AutoCloseable {
  private final Path socket;
  private final GrpcServer server;

  public UnixSocketServer(
      Path socket,
      SocketServerFactory factory,
      List<ServerServiceDefinition> services,
      Duration grace) {
    this.socket = socket.toAbsolutePath();
    Objects.requireNonNull(factory, "factory");
    this.server =
        new GrpcServer(
            this.socket.getFileName().toString(),
            () -> factory.serverFor(this.socket),
            services,
            grace);
  }

  public Path socket() {
    return socket;
  }

  public void start() {
    try {
      Files.createDirectories(socket.getParent());
      if (Files.isDirectory(socket)) {
        throw new IOException("socket path is a directory");
      }
      Files.deleteIfExists(socket);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prepare socket path " + socket, e);
    }
    server.start();
    restrictToOwner();
  }

  public boolean running() {
    return server.running();
  }

  @Override
  public void close() {
    server.close();
    try {
      Files.deleteIfExists(socket);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove socket " + socket, e);
    }
  }

  private void restrictToOwner() {
    // An in-process server (tests) creates no file; there is nothing to protect then.
    if (!Files.exists(socket)) {
      return;
    }
    try {
      Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
    } catch (IOException e) {
      server.close();
      throw new UncheckedIOException("cannot restrict permissions of " + socket, e);
    }
  }
}
