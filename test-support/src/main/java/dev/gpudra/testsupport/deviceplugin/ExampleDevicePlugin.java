package dev.gpudra.testsupport.deviceplugin;

import dev.gpudra.kit.grpc.UnixSocketServer;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.AllocateRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.DevicePluginOptions;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.ListAndWatchResponse;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.PreStartContainerRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.PreferredAllocationRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.RegisterRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.RegistrationGrpc;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A device plugin for {@link #RESOURCE} over a real Unix socket beside the kubelet's: lists its
 * devices with their health, prefers the last free devices (so a test sees the preference
 * honoured), and answers Allocate with an env variable and one CDI device per ID.
 */
public final class ExampleDevicePlugin implements AutoCloseable {
  public static final String RESOURCE = "example.com/gpu";

  /** Both optional calls offered: GetPreferredAllocation and PreStartContainer. */
  public static final DevicePluginOptions EVERY_CALL =
      DevicePluginOptions.newBuilder()
          .setGetPreferredAllocationAvailable(true)
          .setPreStartRequired(true)
          .build();

  private final ExampleService service;
  private final UnixSocketTransport transport = new UnixSocketTransport(1);
  private final UnixSocketServer server;
  private final Path kubeletSocket;

  /**
   * Serves {@code <kubeletSocket's directory>/<socketName>}.
   *
   * @param devices the device IDs, all Healthy to begin with
   * @param options what GetDevicePluginOptions answers (and Register carries)
   */
  public ExampleDevicePlugin(
      Path kubeletSocket, String socketName, List<String> devices, DevicePluginOptions options) {
    this.kubeletSocket = kubeletSocket;
    this.service = new ExampleService(devices, options);
    server =
        new UnixSocketServer(
            kubeletSocket.resolveSibling(socketName),
            transport,
            List.of(service.bindService()),
            Duration.ofSeconds(1));
    server.start();
  }

  /** Registers with the kubelet, as a plugin does once it serves. */
  public ExampleDevicePlugin register() {
    return register(RESOURCE);
  }

  /**
   * Registers {@code resource} (v1beta1, this plugin's socket).
   *
   * @throws io.grpc.StatusRuntimeException the kubelet refused
   */
  public ExampleDevicePlugin register(String resource) {
    ManagedChannel channel = transport.channelFor(kubeletSocket);
    try {
      RegistrationGrpc.newBlockingStub(channel)
          .register(
              RegisterRequest.newBuilder()
                  .setVersion("v1beta1")
                  .setEndpoint(server.socket().getFileName().toString())
                  .setResourceName(resource)
                  .setOptions(service.options())
                  .build());
    } finally {
      channel.shutdownNow();
    }
    return this;
  }

  /** Sets a device's health ({@code Healthy} or {@code Unhealthy}) and sends the list again. */
  public void setHealth(String device, String health) {
    service.setHealth(device, health);
  }

  /**
   * From now on Allocate and PreStartContainer answer with {@code status} (still recorded); {@link
   * Status#OK} answers them again.
   */
  public void failCalls(Status status) {
    service.failCalls(status);
  }

  /** Every Allocate request, in order. */
  public List<AllocateRequest> allocations() {
    return service.allocations();
  }

  /** Every GetPreferredAllocation request, in order. */
  public List<PreferredAllocationRequest> preferences() {
    return service.preferences();
  }

  /** Every PreStartContainer request, in order. */
  public List<PreStartContainerRequest> preStarts() {
    return service.preStarts();
  }

  /** The current list, as ListAndWatch sends it. */
  public ListAndWatchResponse list() {
    return service.list();
  }

  @Override
  public void close() {
    service.completeStreams();
    server.close();
    transport.close();
  }
}
