package dev.gpudra.deviceplugin.server;

import dev.gpudra.kit.grpc.SocketChannelFactory;
import dev.gpudra.kit.grpc.SocketServerFactory;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where the plugin meets the kubelet: the kubelet's registration socket (the plugin's own sockets
 * go beside it), how the plugin serves its sockets, and how it dials the kubelet's.
 */
public record KubeletSockets(
    Path kubeletSocket, SocketServerFactory servers, SocketChannelFactory channels) {
  public KubeletSockets {
    Objects.requireNonNull(kubeletSocket, "kubeletSocket");
    Objects.requireNonNull(servers, "servers");
    Objects.requireNonNull(channels, "channels");
  }
}
