package dev.gpudra.testsupport.devicemanager;

import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.Empty;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.RegisterRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.RegistrationGrpc;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The kubelet's Registration service: checks the API version and the resource name, dials the
 * plugin's socket (beside {@code kubelet.sock}), asks for its options and opens ListAndWatch before
 * it answers. A refusal is an error to the plugin, with the reason.
 */
final class RegistrationService extends RegistrationGrpc.RegistrationImplBase {
  private static final Logger log = LoggerFactory.getLogger(RegistrationService.class);
  static final String VERSION = "v1beta1";

  /** A Register's outcome: the plugin's connection, or why there is none. */
  record Outcome(RegisterRequest request, Optional<PluginEndpoint> endpoint, String refusal) {}

  private final Path dir;
  private final UnixSocketTransport transport;
  private final PluginEndpoint.StreamEvents events;
  private final Consumer<Outcome> outcomes;

  RegistrationService(
      Path dir,
      UnixSocketTransport transport,
      PluginEndpoint.StreamEvents events,
      Consumer<Outcome> outcomes) {
    this.dir = dir;
    this.transport = transport;
    this.events = events;
    this.outcomes = outcomes;
  }

  @Override
  public void register(RegisterRequest request, StreamObserver<Empty> out) {
    long arrived = System.nanoTime();
    String resource = request.getResourceName();
    if (!VERSION.equals(request.getVersion())) {
      refuse(
          request,
          Status.INVALID_ARGUMENT,
          "unsupported device plugin API version "
              + request.getVersion()
              + " (supported: "
              + VERSION
              + ")",
          out);
      return;
    }
    Optional<String> badName = ExtendedResourceName.problem(resource);
    if (badName.isPresent()) {
      refuse(
          request, Status.INVALID_ARGUMENT, "resource name " + resource + " " + badName.get(), out);
      return;
    }
    ManagedChannel channel = transport.channelFor(dir.resolve(request.getEndpoint()));
    PluginEndpoint endpoint;
    try {
      endpoint = new PluginEndpoint(resource, channel, arrived, events);
    } catch (StatusRuntimeException e) {
      channel.shutdownNow();
      refuse(
          request,
          Status.UNAVAILABLE,
          "cannot reach " + request.getEndpoint() + ": " + e.getMessage(),
          out);
      return;
    }
    outcomes.accept(new Outcome(request, Optional.of(endpoint), ""));
    log.info("{} registered on {}", resource, request.getEndpoint());
    out.onNext(Empty.getDefaultInstance());
    out.onCompleted();
  }

  private void refuse(
      RegisterRequest request, Status status, String why, StreamObserver<Empty> out) {
    log.info("refused {}'s registration: {}", request.getResourceName(), why);
    outcomes.accept(new Outcome(request, Optional.empty(), request.getResourceName() + ": " + why));
    out.onError(status.withDescription(why).asRuntimeException());
  }
}
