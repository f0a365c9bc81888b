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
 * there; from then on {@link SocketWatch} binds a removed socket again and registers again after
 * that and after each kubelet restart, and keeps trying while the kubelet is not up. {@link
 * #serving} says whether every socket is in place.
 */
public final class DevicePluginServers implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(DevicePluginServers.class);
  private static final Duration GRACE = Duration.ofSeconds(5);

  /**
   * How often the kubelet's socket and the plugin's are looked at (NVIDIA's plugin watches the
   * kubelet's with inotify, and not its own).
   */
  public static final Duration SOCKET_CHECK = Duration.ofSeconds(1);

  private final List<ServedResource> served = new ArrayList<>();
  private final KubeletRegistration registration;
  private SocketWatch watch;

  private DevicePluginServers(KubeletRegistration registration) {
    this.registration = registration;
  }

  /** As the other {@code start}, with every GPU Healthy for good (no health checks). */
  public static DevicePluginServers start(
      DevicePluginConfig config,
      List<AdvertisedResource> advertised,
      NodeDevices node,
      KubeletSockets sockets) {
    return start(config, advertised, node, sockets, HealthSource.alwaysHealthy());
  }

  /**
   * @param advertised the resources to serve ({@link DeviceInventory#resources})
   * @param node what Allocate reads from the node
   * @param sockets the kubelet's registration socket (the plugin's sockets go beside it), and how
   *     to serve and dial them
   * @param health the GPUs' health: ListAndWatch sends it, and again on every change
   */
  public static DevicePluginServers start(
      DevicePluginConfig config,
      List<AdvertisedResource> advertised,
      NodeDevices node,
      KubeletSockets sockets,
      HealthSource health) {
    Path kubeletSocket = sockets.kubeletSocket();
    SocketServerFactory serverFactory = sockets.servers();
    SocketChannelFactory channelFactory = sockets.channels();
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
        started.served.add(new ServedResource(resource, service, server));
        server.start();
      }
      started.watch =
          new SocketWatch(kubeletSocket, started.served, SOCKET_CHECK, started::registerAll);
      started.watch.look();
    } catch (RuntimeException e) {
      started.close();
      throw e;
    }
    return started;
  }

  /**
   * Whether every resource's socket is in place and served: false from the moment one is removed or
   * replaced until it is bound again, and after {@link #close}.
   */
  public boolean serving() {
    return served.stream().allMatch(ServedResource::intact);
  }

  /** Registers every resource with the kubelet. */
  private void registerAll() {
    for (ServedResource each : served) {
      AdvertisedResource resource = each.resource();
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
    if (watch != null) {
      watch.close();
    }
    served.forEach(each -> each.service().close());
    served.forEach(each -> each.server().close());
  }
}
