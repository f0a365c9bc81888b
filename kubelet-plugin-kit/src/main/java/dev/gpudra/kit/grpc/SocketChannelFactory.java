package dev.gpudra.kit.grpc;

import io.grpc.ManagedChannel;
import java.nio.file.Path;

/** Makes a plaintext client channel that dials one Unix socket path. */
@FunctionalInterface
public interface SocketChannelFactory {
  ManagedChannel channelFor(Path socket);
}
