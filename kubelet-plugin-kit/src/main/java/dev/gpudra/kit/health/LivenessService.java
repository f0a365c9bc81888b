package dev.gpudra.kit.health;

import io.grpc.Status;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.stub.StreamObserver;
import java.util.Objects;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * {@code grpc.health.v1.Health/Check} for services {@code ""} and {@code liveness} (the plugin's
 * sockets answer) and {@code readiness} (alive, and the driver can serve claims now).
 */
public final class LivenessService extends HealthGrpc.HealthImplBase {
  /** The service names answered; others are NOT_FOUND, as the gRPC health protocol says. */
  public static final Set<String> SERVICES = Set.of("", "liveness", "readiness");

  private final BooleanSupplier alive;
  private final BooleanSupplier ready;

  public LivenessService(BooleanSupplier alive) {
    this(alive, () -> true);
  }

  /**
   * @param ready whether the driver can serve claims ({@link dev.gpudra.kit.DraDriver#ready})
   */
  public LivenessService(BooleanSupplier alive, BooleanSupplier ready) {
    this.alive = Objects.requireNonNull(alive, "alive");
    this.ready = Objects.requireNonNull(ready, "ready");
  }

  @Override
  public void check(HealthCheckRequest request, StreamObserver<HealthCheckResponse> response) {
    if (!SERVICES.contains(request.getService())) {
      response.onError(
          Status.NOT_FOUND
              .withDescription("unknown service " + request.getService())
              .asRuntimeException());
      return;
    }
    boolean serving =
        alive.getAsBoolean() && (!"readiness".equals(request.getService()) || ready.getAsBoolean());
    ServingStatus status = serving ? ServingStatus.SERVING : ServingStatus.NOT_SERVING;
    response.onNext(HealthCheckResponse.newBuilder().setStatus(status).build());
    response.onCompleted();
  }
}
