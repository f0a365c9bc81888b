package dev.gpudra.deviceplugin.server;

import dev.gpudra.deviceplugin.devices.AdvertisedResource;
import dev.gpudra.kit.grpc.UnixSocketServer;
import java.nio.file.Path;

/** One advertised resource as it is served: its service on its socket. */
record ServedResource(
    AdvertisedResource resource, DevicePluginService service, UnixSocketServer server) {

  Path socket() {
    return server.socket();
  }

  /** Whether the socket's path still leads to this server. */
  boolean intact() {
    return server.intact();
  }

  /**
   * Binds the socket's path again. The open ListAndWatch streams are ended first: the kubelet holds
   * them over a connection that outlives the removed file, and would hold up the old server's
   * graceful stop; it opens new ones when the resource registers again.
   */
  void rebind() {
    service.endStreams();
    server.restart();
  }
}
