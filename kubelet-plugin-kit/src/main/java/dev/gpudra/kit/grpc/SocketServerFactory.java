package dev.gpudra.kit.grpc;

import io.grpc.ServerBuilder;
import java.nio.file.Path;

/** Makes a server builder that listens on one Unix socket path. */
@FunctionalInterface
public interface SocketServerFactory {
  ServerBuilder<?> serverFor(Path socket);
}
