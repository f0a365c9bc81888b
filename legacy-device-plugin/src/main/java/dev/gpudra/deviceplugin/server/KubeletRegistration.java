package dev.gpudra.deviceplugin.server;

import dev.gpudra.deviceplugin.devices.AdvertisedResource;
import dev.gpudra.kit.grpc.SocketChannelFactory;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.RegisterRequest;
import dev.gpudra.kit.proto.deviceplugin.v1beta1.RegistrationGrpc;
import io.grpc.ManagedChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Registers a resource with the kubelet's device manager: {@code Register} on {@code kubelet.sock}
 * with version {@code v1beta1}, the plugin's socket name and its options. The kubelet dials the
 * plugin before it answers, so the plugin serves first.
 */
final class KubeletRegistration {
  static final String VERSION = "v1beta1";

  /** How long the kubelet has to answer (it calls the plugin back meanwhile). */
  static final Duration DEADLINE = Duration.ofSeconds(30);

  private final SocketChannelFactory channels;
  private final Path kubeletSocket;

  KubeletRegistration(SocketChannelFactory channels, Path kubeletSocket) {
    this.channels = channels;
    this.kubeletSocket = kubeletSocket;
  }

  void register(AdvertisedResource resource) {
    ManagedChannel channel = channels.channelFor(kubeletSocket);
    try {
      RegistrationGrpc.newBlockingStub(channel)
          .withDeadlineAfter(DEADLINE.toMillis(), TimeUnit.MILLISECONDS)
          .register(
              RegisterRequest.newBuilder()
                  .setVersion(VERSION)
                  .setEndpoint(resource.socketName())
                  .setResourceName(resource.name())
                  .setOptions(DevicePluginService.options(resource))
                  .build());
    } finally {
      channel.shutdownNow();
    }
  }
}
