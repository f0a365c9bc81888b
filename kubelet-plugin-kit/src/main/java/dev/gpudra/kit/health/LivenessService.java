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

/** {@code grpc.health.v1.Health/Check} for services {@code ""} and {@code liveness}. */
public final class LivenessService extends HealthGrpc.HealthImplBase {
  /** The service names answered; others are NOT_FOUND, as the gRPC health protocol says. */
  public static final Set<String> SERVICES = Set.of("", "liveness");

  private final BooleanSupplier alive;

  public LivenessService(BooleanSupplier alive) {
    this.alive = Objects.requireNonNull(alive, "alive");
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
    ServingStatus status = alive.getAsBoolean() ? ServingStatus.SERVING : ServingStatus.NOT_SERVING;
    response.onNext(HealthCheckResponse.newBuilder().setStatus(status).build());
    response.onCompleted();
  }
}
