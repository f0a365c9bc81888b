package dev.gpudra.kit.dra;

import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Answers a unary call, mapping an unexpected failure to a gRPC status once, here. */
final class GrpcEdge {
  private static final Logger log = LoggerFactory.getLogger(GrpcEdge.class);

  private GrpcEdge() {}

  static <T> void answer(String method, StreamObserver<T> observer, Supplier<T> call) {
    T response;
    try {
      response = call.get();
    } catch (IllegalArgumentException e) {
      observer.onError(Status.INVALID_ARGUMENT.withDescription(e.getMessage()).asException());
      return;
    } catch (RuntimeException e) {
      log.error("{} failed", method, e);
      observer.onError(
          Status.INTERNAL.withDescription(method + ": " + e).withCause(e).asException());
      return;
    }
    observer.onNext(response);
    observer.onCompleted();
  }
}
