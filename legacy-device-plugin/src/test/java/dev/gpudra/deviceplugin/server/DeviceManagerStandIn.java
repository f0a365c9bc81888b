package dev.gpudra.deviceplugin.server;

import dev.gpudra.kit.grpc.UnixSocketServer;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.DevicePluginGrpc;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.DevicePluginOptions;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.Empty;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ListAndWatchResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.RegisterRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.RegistrationGrpc;
import io.grpc.ManagedChannel;
import io.grpc.stub.StreamObserver;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The kubelet's device manager as a test sees it: serves Registration on {@code kubelet.sock}, and
 * on each Register dials the plugin's socket, asks for its options and opens ListAndWatch before it
 * answers, as current kubelets do.
 */
final class DeviceManagerStandIn implements AutoCloseable {
  final List<RegisterRequest> registrations = new CopyOnWriteArrayList<>();
  final Map<String, DevicePluginOptions> options = new ConcurrentHashMap<>();
  final Map<String, List<ListAndWatchResponse>> lists = new ConcurrentHashMap<>();
  final Map<String, ManagedChannel> channels = new ConcurrentHashMap<>();
  final List<Throwable> errors = new CopyOnWriteArrayList<>();

  private final UnixSocketTransport transport;
  private final Path dir;
  private final UnixSocketServer server;

  DeviceManagerStandIn(UnixSocketTransport transport, Path dir) {
    this.transport = transport;
    this.dir = dir;
    this.server =
        new UnixSocketServer(
            dir.resolve("kubelet.sock"),
            transport,
            List.of(new Registration().bindService()),
            Duration.ofSeconds(1));
    server.start();
  }

  Path socket() {
    return server.socket();
  }

  private final class Registration extends RegistrationGrpc.RegistrationImplBase {
    @Override
    public void register(RegisterRequest request, StreamObserver<Empty> out) {
      ManagedChannel channel = transport.channelFor(dir.resolve(request.getEndpoint()));
      channels.put(request.getResourceName(), channel);
      options.put(
          request.getResourceName(),
          DevicePluginGrpc.newBlockingStub(channel)
              .getDevicePluginOptions(Empty.getDefaultInstance()));
      List<ListAndWatchResponse> received = new CopyOnWriteArrayList<>();
      lists.put(request.getResourceName(), received);
      // the stream outlives this Register call, so it does not run in the call's context
      io.grpc.Context.ROOT.run(() -> watch(channel, received));
      registrations.add(request);
      out.onNext(Empty.getDefaultInstance());
      out.onCompleted();
    }

    private void watch(ManagedChannel channel, List<ListAndWatchResponse> received) {
      DevicePluginGrpc.newStub(channel)
          .listAndWatch(
              Empty.getDefaultInstance(),
              new StreamObserver<>() {
                @Override
                public void onNext(ListAndWatchResponse value) {
                  received.add(value);
                }

                @Override
                public void onError(Throwable t) {
                  errors.add(t);
                }

                @Override
                public void onCompleted() {}
              });
    }
  }

  @Override
  public void close() {
    channels.values().forEach(ManagedChannel::shutdownNow);
    server.close();
  }
}
