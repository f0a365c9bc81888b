package dev.gpudra.localcluster.devicemanager;

import dev.gpudra.kit.grpc.UnixSocketServer;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.CDIDevice;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerAllocateResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ContainerPreferredAllocationResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.Device;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.DevicePluginGrpc;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.DevicePluginOptions;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.Empty;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ListAndWatchResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.PreferredAllocationRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.PreferredAllocationResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.RegisterRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.RegistrationGrpc;
import io.grpc.ManagedChannel;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A device plugin for {@code example.com/gpu} over a real Unix socket: lists its devices with their
 * health, prefers the last free devices (so a test sees the preference honoured), and answers
 * Allocate with an env variable and one CDI device per ID.
 */
final class FakeDevicePlugin implements AutoCloseable {
  static final String RESOURCE = "example.com/gpu";

  final List<AllocateRequest> allocations = new CopyOnWriteArrayList<>();
  private final Map<String, String> health = new ConcurrentHashMap<>();
  private final List<StreamObserver<ListAndWatchResponse>> watchers = new CopyOnWriteArrayList<>();
  private final UnixSocketTransport transport = new UnixSocketTransport(1);
  private final UnixSocketServer server;
  private final Path kubeletSocket;

  FakeDevicePlugin(Path kubeletSocket, String socketName, List<String> devices) {
    this.kubeletSocket = kubeletSocket;
    devices.forEach(d -> health.put(d, "Healthy"));
    server =
        new UnixSocketServer(
            kubeletSocket.resolveSibling(socketName),
            transport,
            List.of(new Service().bindService()),
            Duration.ofSeconds(1));
    server.start();
  }

  /** Registers with the kubelet, as a plugin does once it serves. */
  FakeDevicePlugin register() {
    ManagedChannel channel = transport.channelFor(kubeletSocket);
    try {
      RegistrationGrpc.newBlockingStub(channel)
          .register(
              RegisterRequest.newBuilder()
                  .setVersion("v1beta1")
                  .setEndpoint(server.socket().getFileName().toString())
                  .setResourceName(RESOURCE)
                  .setOptions(
                      DevicePluginOptions.newBuilder().setGetPreferredAllocationAvailable(true))
                  .build());
    } finally {
      channel.shutdownNow();
    }
    return this;
  }

  /** Sets a device's health and sends the list again. */
  void setHealth(String device, String value) {
    health.put(device, value);
    ListAndWatchResponse list = list();
    watchers.forEach(w -> w.onNext(list));
  }

  private ListAndWatchResponse list() {
    ListAndWatchResponse.Builder list = ListAndWatchResponse.newBuilder();
    health.keySet().stream()
        .sorted()
        .forEach(id -> list.addDevices(Device.newBuilder().setID(id).setHealth(health.get(id))));
    return list.build();
  }

  private final class Service extends DevicePluginGrpc.DevicePluginImplBase {
    @Override
    public void getDevicePluginOptions(Empty request, StreamObserver<DevicePluginOptions> out) {
      out.onNext(DevicePluginOptions.newBuilder().setGetPreferredAllocationAvailable(true).build());
      out.onCompleted();
    }

    @Override
    public void listAndWatch(Empty request, StreamObserver<ListAndWatchResponse> out) {
      ((ServerCallStreamObserver<ListAndWatchResponse>) out)
          .setOnCancelHandler(() -> watchers.remove(out));
      watchers.add(out);
      out.onNext(list());
    }

    @Override
    public void getPreferredAllocation(
        PreferredAllocationRequest request, StreamObserver<PreferredAllocationResponse> out) {
      PreferredAllocationResponse.Builder response = PreferredAllocationResponse.newBuilder();
      request
          .getContainerRequestsList()
          .forEach(c -> {
            List<String> free = c.getAvailableDeviceIDsList();
            response.addContainerResponses(
                ContainerPreferredAllocationResponse.newBuilder()
                    .addAllDeviceIDs(
                        free.subList(free.size() - c.getAllocationSize(), free.size())));
          });
      out.onNext(response.build());
      out.onCompleted();
    }

    @Override
    public void allocate(AllocateRequest request, StreamObserver<AllocateResponse> out) {
      allocations.add(request);
      AllocateResponse.Builder response = AllocateResponse.newBuilder();
      request
          .getContainerRequestsList()
          .forEach(c -> {
            ContainerAllocateResponse.Builder ctr =
                ContainerAllocateResponse.newBuilder()
                    .putEnvs("EXAMPLE_VISIBLE_DEVICES", String.join(",", c.getDevicesIdsList()));
            c.getDevicesIdsList()
                .forEach(id ->
                    ctr.addCdiDevices(CDIDevice.newBuilder().setName("example.com/gpu=" + id)));
            response.addContainerResponses(ctr);
          });
      out.onNext(response.build());
      out.onCompleted();
    }
  }

  @Override
  public void close() {
    watchers.forEach(StreamObserver::onCompleted);
    server.close();
    transport.close();
  }
}
