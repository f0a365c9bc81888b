package dev.gpudra.deviceplugin.server;

import dev.gpudra.kit.grpc.GrpcServer;
import dev.gpudra.kit.health.LivenessService;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * The device plugin's health over the standard gRPC health protocol ({@code grpc.health.v1}) on a
 * TCP port, as the DRA plugins' {@code --healthcheck-port}: services {@code ""}, {@code liveness}
 * and {@code readiness} are SERVING while {@code serving} says so (every socket in place, {@link
 * ServingSockets}), else NOT_SERVING. NVIDIA's plugin has none.
 */
public final class HealthEndpoint implements AutoCloseable {
  private static final Duration GRACE = Duration.ofSeconds(2);

  private final Optional<GrpcServer> server;

  private HealthEndpoint(Optional<GrpcServer> server) {
    this.server = server;
  }

  /**
   * @param port the TCP port; 0 picks a free one; negative: no endpoint
   * @param serving whether the plugin serves now, asked on every Check
   */
  public static HealthEndpoint start(int port, BooleanSupplier serving) {
    if (port < 0) {
      return new HealthEndpoint(Optional.empty());
    }
    GrpcServer server =
        new GrpcServer(
            "device-plugin health",
            () -> NettyServerBuilder.forPort(port),
            List.of(new LivenessService(serving).bindService()),
            GRACE);
    server.start();
    return new HealthEndpoint(Optional.of(server));
  }

  /** The port it listens on, or -1 when there is no endpoint. */
  public int port() {
    return server.map(GrpcServer::port).orElse(-1);
  }

  @Override
  public void close() {
    server.ifPresent(GrpcServer::close);
  }
}
