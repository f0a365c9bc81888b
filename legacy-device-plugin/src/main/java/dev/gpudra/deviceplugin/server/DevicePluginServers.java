package dev.gpudra.deviceplugin.server;

import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import dev.gpudra.deviceplugin.devices.AdvertisedResource;
import dev.gpudra.deviceplugin.devices.DeviceInventory;
import dev.gpudra.kit.grpc.SocketChannelFactory;
import dev.gpudra.kit.grpc.SocketServerFactory;
import dev.gpudra.kit.grpc.UnixSocketServer;
import dev.gpudra.nvml.Nvml;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The plugin's servers, one per advertised resource, each serving on its socket beside the
 * kubelet's and then registered: {@link #start} returns once every resource is registered.
 */
public final class DevicePluginServers implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(DevicePluginServers.class);
  private static final Duration GRACE = Duration.ofSeconds(5);

  private final List<UnixSocketServer> servers;
  private final List<DevicePluginService> services;

  private DevicePluginServers(List<UnixSocketServer> servers, List<DevicePluginService> services) {
    this.servers = servers;
    this.services = services;
  }

  /**
   * @param kubeletSocket the kubelet's registration socket; the plugin's sockets go beside it
   */
  public static DevicePluginServers start(
      DevicePluginConfig config,
      Nvml nvml,
      Path kubeletSocket,
      SocketServerFactory serverFactory,
      SocketChannelFactory channelFactory) {
    List<AdvertisedResource> resources = DeviceInventory.resources(config, nvml.gpus());
    List<UnixSocketServer> servers = new ArrayList<>();
    List<DevicePluginService> services = new ArrayList<>();
    DevicePluginServers started = new DevicePluginServers(servers, services);
    KubeletRegistration registration = new KubeletRegistration(channelFactory, kubeletSocket);
    try {
      for (AdvertisedResource resource : resources) {
        DevicePluginService service = new DevicePluginService(resource, config.flags());
        UnixSocketServer server =
            new UnixSocketServer(
                kubeletSocket.resolveSibling(resource.socketName()),
                serverFactory,
                List.of(service.bindService()),
                GRACE);
        server.start();
        servers.add(server);
        services.add(service);
        registration.register(resource.name(), resource.socketName());
        log.info(
            "{}: {} devices, registered with the kubelet as {}",
            resource.name(),
            resource.devices().size(),
            resource.socketName());
      }
    } catch (RuntimeException e) {
      started.close();
      throw e;
    }
    return started;
  }

  @Override
  public void close() {
    services.forEach(DevicePluginService::close);
    servers.forEach(UnixSocketServer::close);
  }
}
