package dev.gpudra.bench.deviceplugin;

import dev.gpudra.kit.grpc.UnixSocketServer;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.DevicePluginGrpc;
import io.grpc.ManagedChannel;
import io.grpc.stub.StreamObserver;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * The floor of an Allocate: a DevicePlugin server in this JVM, on its own Unix socket over the same
 * transport and server set-up as the plugin's ({@link UnixSocketServer}), that answers every
 * Allocate with one canned response. Given the plugin's own answer, the same bytes cross the socket
 * both ways; what remains of the plugin's time is its work and its being another process.
 */
final class TransportFloor implements AutoCloseable {
  private static final Duration GRACE = Duration.ofSeconds(1);
  private static final long CALL_SECONDS = 10;

  private final UnixSocketServer server;
  private final ManagedChannel channel;
  private volatile AllocateResponse canned = AllocateResponse.getDefaultInstance();

  TransportFloor(UnixSocketTransport transport, Path socket) {
    this.server =
        new UnixSocketServer(socket, transport, List.of(new Canned().bindService()), GRACE);
    server.start();
    this.channel = transport.channelFor(socket);
  }

  /** From now on every Allocate gets {@code response}. */
  void answerWith(AllocateResponse response) {
    canned = Objects.requireNonNull(response, "response");
  }

  AllocateResponse allocate(AllocateRequest request) {
    return DevicePluginGrpc.newBlockingStub(channel)
        .withDeadlineAfter(CALL_SECONDS, TimeUnit.SECONDS)
        .allocate(request);
  }

  private final class Canned extends DevicePluginGrpc.DevicePluginImplBase {
    @Override
    public void allocate(AllocateRequest request, StreamObserver<AllocateResponse> out) {
      out.onNext(canned);
      out.onCompleted();
    }
  }

  @Override
  public void close() {
    channel.shutdownNow();
    server.close();
  }
}
