package dev.gpudra.deviceplugin.server;

import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import dev.gpudra.deviceplugin.devices.AdvertisedResource;
import dev.gpudra.deviceplugin.devices.DeviceInventory;
import dev.gpudra.deviceplugin.health.HealthSource;
import dev.gpudra.kit.grpc.SocketChannelFactory;
import dev.gpudra.kit.grpc.SocketServerFactory;
import dev.gpudra.kit.grpc.UnixSocketServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The plugin's servers, one per advertised resource, each serving on its socket beside the
 * kubelet's before it is registered. {@link #start} registers every resource when the kubelet is
 * there, and from then on {@link KubeletRestarts} registers again after each kubelet restart (its
 * sockets bound again first) and keeps trying while the kubelet is not up.
 */
public final class DevicePluginServers implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(DevicePluginServers.class);
  private static final Duration GRACE = Duration.ofSeconds(5);

  /** How often the kubelet's socket is looked at (NVIDIA's plugin watches it with inotify). */
  public static final Duration KUBELET_CHECK = Duration.ofSeconds(1);

  private final List<AdvertisedResource> resources = new ArrayList<>();
  private final List<UnixSocketServer> servers = new ArrayList<>();
  private final List<DevicePluginService> services = new ArrayList<>();
  private final KubeletRegistration registration;
  private KubeletRestarts restarts;

  private DevicePluginServers(KubeletRegistration registration) {
    this.registration = registration;
  }

  /** As the other {@code start}, with every GPU Healthy for good (no health checks). */
  public static DevicePluginServers start(
      DevicePluginConfig config,
      List<AdvertisedResource> advertised,
      NodeDevices node,
      Path kubeletSocket,
      SocketServerFactory serverFactory,
      SocketChannelFactory channelFactory) {
    return start(
        config,
        advertised,
        node,
        kubeletSocket,
        serverFactory,
        channelFactory,
        HealthSource.alwaysHealthy());
  }

  /**
   * @param advertised the resources to serve ({@link DeviceInventory#resources})
   * @param node what Allocate reads from the node
   * @param kubeletSocket the kubelet's registration socket; the plugin's sockets go beside it
   * @param health the GPUs' health: ListAndWatch sends it, and again on every change
   */
  public static DevicePluginServers start(
      DevicePluginConfig config,
      List<AdvertisedResource> advertised,
      NodeDevices node,
      Path kubeletSocket,
      SocketServerFactory serverFactory,
      SocketChannelFactory channelFactory,
      HealthSource health) {
    DevicePluginServers started =
        new DevicePluginServers(new KubeletRegistration(channelFactory, kubeletSocket));
    try {
      for (AdvertisedResource resource : advertised) {
        DevicePluginService service =
            new DevicePluginService(resource, config.flags(), node, health);
        UnixSocketServer server =
            new UnixSocketServer(
                kubeletSocket.resolveSibling(resource.socketName()),
                serverFactory,
                List.of(service.bindService()),
                GRACE);
        server.start();
        started.resources.add(resource);
        started.servers.add(server);
        started.services.add(service);
      }
      started.restarts = new KubeletRestarts(kubeletSocket, KUBELET_CHECK, started::registerAll);
      started.restarts.check();
    } catch (RuntimeException e) {
      started.close();
      throw e;
    }
    return started;
  }

  /** Binds removed sockets again, then registers every resource. */
  private void registerAll() {
    for (int i = 0; i < resources.size(); i++) {
      AdvertisedResource resource = resources.get(i);
      UnixSocketServer server = servers.get(i);
      if (!server.intact()) {
        server.restart();
      }
      registration.register(resource);
      log.info(
          "{}: {} devices, registered with the kubelet as {}",
          resource.name(),
          resource.devices().size(),
          resource.socketName());
    }
  }

  @Override
  public void close() {
    if (restarts != null) {
      restarts.close();
    }
    services.forEach(DevicePluginService::close);
    servers.forEach(UnixSocketServer::close);
  }
}
