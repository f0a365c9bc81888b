package dev.gpudra.localcluster.kubelet;

import dev.gpudra.kit.registration.DraService;
import io.grpc.ManagedChannel;
import java.nio.file.Path;

/**
 * A registered plugin as the kubelet keeps it: its endpoint, the chosen service and one channel.
 *
 * @param registrationSocket the {@code *-reg.sock} it registered through
 * @param fileKey identity of that socket file, to notice a re-created socket
 */
record PluginConnection(
    String driverName,
    Path registrationSocket,
    Object fileKey,
    Path endpoint,
    DraService service,
    ManagedChannel channel) {

  DraClient client() {
    return switch (service) {
      case V1 -> new DraServiceClient(DraTransport.v1(channel));
      case V1BETA1 -> new DraServiceClient(DraTransport.v1beta1(channel));
    };
  }

  void close() {
    channel.shutdownNow();
  }
}
