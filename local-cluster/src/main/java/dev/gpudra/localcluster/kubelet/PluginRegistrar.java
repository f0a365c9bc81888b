package dev.gpudra.localcluster.kubelet;

import dev.gpudra.kit.grpc.SocketChannelFactory;
import dev.gpudra.kit.proto.pluginregistration.InfoRequest;
import dev.gpudra.kit.proto.pluginregistration.PluginInfo;
import dev.gpudra.kit.proto.pluginregistration.RegistrationGrpc;
import dev.gpudra.kit.proto.pluginregistration.RegistrationStatus;
import dev.gpudra.kit.registration.DraService;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Registers one plugin socket the way the kubelet's plugin manager does. */
final class PluginRegistrar {
  private static final Logger log = LoggerFactory.getLogger(PluginRegistrar.class);
  private static final Duration GET_INFO_DEADLINE = Duration.ofSeconds(1);
  private static final Duration NOTIFY_DEADLINE = Duration.ofSeconds(5);
  private static final String DRA_TYPE = "DRAPlugin";

  private final SocketChannelFactory channels;
  private final Set<DraService> services;

  PluginRegistrar(SocketChannelFactory channels, Set<DraService> services) {
    this.channels = channels;
    this.services = Set.copyOf(services);
  }

  /**
   * @throws RegistrationRejectedException if the plugin is not one the kubelet would accept
   * @throws StatusRuntimeException if the plugin does not answer GetInfo in time
   */
  PluginConnection register(Path socket, Object fileKey) {
    ManagedChannel registration = channels.channelFor(socket);
    try {
      PluginInfo info =
          stub(registration, GET_INFO_DEADLINE).getInfo(InfoRequest.getDefaultInstance());
      DraService service = validate(info);
      Path endpoint = info.getEndpoint().isEmpty() ? socket : Path.of(info.getEndpoint());
      PluginConnection connection =
          new PluginConnection(
              info.getName(), socket, fileKey, endpoint, service, channels.channelFor(endpoint));
      notify(registration, RegistrationStatus.newBuilder().setPluginRegistered(true).build());
      log.info("registered DRA plugin {} at {} using {}", info.getName(), endpoint, service.id());
      return connection;
    } catch (RegistrationRejectedException e) {
      notify(
          registration,
          RegistrationStatus.newBuilder()
              .setPluginRegistered(false)
              .setError(e.getMessage())
              .build());
      throw e;
    } finally {
      registration.shutdownNow();
    }
  }

  private DraService validate(PluginInfo info) {
    if (!DRA_TYPE.equals(info.getType())) {
      throw new RegistrationRejectedException(
          "no handler registered for plugin type: " + info.getType());
    }
    if (info.getName().isEmpty()) {
      throw new RegistrationRejectedException("DRA plugin has an empty name");
    }
    return ServiceChoice.choose(info.getSupportedVersionsList(), services);
  }

  private static void notify(ManagedChannel channel, RegistrationStatus status) {
    try {
      stub(channel, NOTIFY_DEADLINE).notifyRegistrationStatus(status);
    } catch (StatusRuntimeException e) {
      // The upstream helper answers a rejection with an error; the kubelet only logs it.
      log.debug("NotifyRegistrationStatus answered {}", e.getStatus());
    }
  }

  private static RegistrationGrpc.RegistrationBlockingStub stub(
      ManagedChannel channel, Duration deadline) {
    return RegistrationGrpc.newBlockingStub(channel)
        .withDeadlineAfter(deadline.toMillis(), TimeUnit.MILLISECONDS);
  }
}
