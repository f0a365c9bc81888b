package dev.gpudra.kit.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.DraDriver;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.kit.dra.ClaimResolver;
import dev.gpudra.kit.dra.DraHandler;
import dev.gpudra.kit.dra.DraV1Service;
import dev.gpudra.kit.dra.NodeLock;
import dev.gpudra.kit.grpc.GrpcServer;
import dev.gpudra.kit.grpc.UnixSocketServer;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.kit.registration.RegistrationService;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LivenessIT {
  @TempDir Path dir;

  /** The probe sends only empty calls; the driver is never asked. */
  private static final DraDriver NO_CALLS =
      new DraDriver() {
        @Override
        public Map<String, PrepareResult> prepare(List<ResourceClaim> claims) {
          throw new AssertionError("not called");
        }

        @Override
        public Map<String, UnprepareResult> unprepare(List<ClaimRef> claims) {
          throw new AssertionError("not called");
        }

        @Override
        public void handleError(Throwable error, String context) {}
      };

  @Test
  @DisplayName(
      "SERVING while both sockets answer, NOT_SERVING once the DRA server is closed; readiness also"
          + " needs the driver ready")
  void reflectsSockets() {
    Path reg = dir.resolve("reg.sock");
    Path dra = dir.resolve("dra.sock");
    Duration grace = Duration.ofSeconds(1);
    java.util.concurrent.atomic.AtomicBoolean ready =
        new java.util.concurrent.atomic.AtomicBoolean(true);
    DraHandler handler =
        new DraHandler(
            NO_CALLS,
            new ClaimResolver((ns, name) -> Optional.empty()),
            new NodeLock(dir.resolve("pu.lock"), grace));
    try (var transport = new UnixSocketTransport(1);
        var draServer =
            new UnixSocketServer(
                dra, transport, List.of(new DraV1Service(handler).bindService()), grace);
        var regServer =
            new UnixSocketServer(
                reg, transport, List.of(new RegistrationService("d", dra).bindService()), grace);
        var probe = new PluginProbe(transport, reg, dra, Duration.ofSeconds(1));
        var health =
            new GrpcServer(
                "health",
                () -> NettyServerBuilder.forPort(0),
                List.of(new LivenessService(probe::alive, ready::get).bindService()),
                grace)) {
      draServer.start();
      regServer.start();
      health.start();
      ManagedChannel channel =
          NettyChannelBuilder.forAddress("127.0.0.1", health.port()).usePlaintext().build();
      try {
        var stub = HealthGrpc.newBlockingStub(channel);
        assertThat(check(stub, "")).isEqualTo(ServingStatus.SERVING);
        assertThat(check(stub, "liveness")).isEqualTo(ServingStatus.SERVING);
        assertThat(check(stub, "readiness")).isEqualTo(ServingStatus.SERVING);
        ready.set(false); // the driver refuses claims: not ready, still alive
        assertThat(check(stub, "readiness")).isEqualTo(ServingStatus.NOT_SERVING);
        assertThat(check(stub, "liveness")).isEqualTo(ServingStatus.SERVING);
        ready.set(true);
        assertThatThrownBy(() -> check(stub, "other"))
            .isInstanceOf(StatusRuntimeException.class)
            .hasMessageContaining("NOT_FOUND");

        draServer.close();

        assertThat(check(stub, "liveness")).isEqualTo(ServingStatus.NOT_SERVING);
      } finally {
        channel.shutdownNow();
      }
    }
  }

  private static ServingStatus check(HealthGrpc.HealthBlockingStub stub, String service) {
    return stub.check(HealthCheckRequest.newBuilder().setService(service).build()).getStatus();
  }
}
