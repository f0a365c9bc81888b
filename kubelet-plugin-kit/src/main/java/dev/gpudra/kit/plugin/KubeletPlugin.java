package dev.gpudra.kit.plugin;

import dev.gpudra.kit.DraDriver;
import dev.gpudra.kit.dra.ApiClaimFetcher;
import dev.gpudra.kit.dra.ClaimResolver;
import dev.gpudra.kit.dra.DraHandler;
import dev.gpudra.kit.dra.DraV1Service;
import dev.gpudra.kit.dra.DraV1beta1Service;
import dev.gpudra.kit.dra.LogContext;
import dev.gpudra.kit.dra.NodeLock;
import dev.gpudra.kit.grpc.GrpcServer;
import dev.gpudra.kit.grpc.SocketGuard;
import dev.gpudra.kit.grpc.UnixSocketServer;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.kit.health.LivenessService;
import dev.gpudra.kit.health.PluginProbe;
import dev.gpudra.kit.registration.RegistrationOutcome;
import dev.gpudra.kit.registration.RegistrationService;
import dev.gpudra.kit.resourcehealth.ResourceHealthService;
import dev.gpudra.kit.slices.ResourceSlicePublisher;
import dev.gpudra.kit.slices.model.SliceContent;
import dev.gpudra.kit.slices.model.SliceTarget;
import io.fabric8.kubernetes.api.model.resource.v1.Device;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A DRA kubelet plugin around a {@link DraDriver}: the DRA services on {@code dra.sock}, the
 * registration service on {@code <driver>-reg.sock}, the gRPC health service and the node's
 * ResourceSlices. Started in that order (the kubelet never sees an endpoint that is not listening);
 * {@link #close()} stops them in reverse and removes the sockets.
 */
public final class KubeletPlugin implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(KubeletPlugin.class);

  private final PluginConfig config;
  private final UnixSocketTransport transport = new UnixSocketTransport(2);
  private final RegistrationService registration;
  private final UnixSocketServer draServer;
  private final UnixSocketServer registrationServer;
  private final ResourceSlicePublisher slices;
  private final Deque<AutoCloseable> running = new ArrayDeque<>();
  private GrpcServer healthServer;
  private SocketGuard guard;
  private final DraDriver driver;
  private final Optional<ResourceHealthService> resourceHealth;

  public KubeletPlugin(PluginConfig config, KubernetesClient client, DraDriver driver) {
    this.config = Objects.requireNonNull(config, "config");
    this.driver = Objects.requireNonNull(driver, "driver");
    PluginPaths paths = config.paths();
    Duration grace = config.timeouts().shutdown();
    DraHandler handler =
        new DraHandler(
            driver,
            new ClaimResolver(new ApiClaimFetcher(client)),
            new NodeLock(paths.lockFile(), config.timeouts().lock()),
            config.timeouts().prepareRetry(),
            new LogContext(paths.driverName(), config.nodeName()));
    this.resourceHealth =
        driver
            .healthFeed()
            .map(feed -> new ResourceHealthService(config.nodeName(), feed, Clock.systemUTC()));
    List<ServerServiceDefinition> services = new ArrayList<>();
    services.add(new DraV1Service(handler).bindService());
    services.add(new DraV1beta1Service(handler).bindService());
    resourceHealth.ifPresent(h -> services.add(h.bindService()));
    this.draServer = new UnixSocketServer(paths.draSocket(), transport, services, grace);
    this.registration =
        new RegistrationService(
            paths.driverName(),
            paths.draSocket(),
            resourceHealth.isPresent() ? List.of(ResourceHealthService.SERVICE_ID) : List.of());
    this.registrationServer =
        new UnixSocketServer(
            paths.registrationSocket(), transport, List.of(registration.bindService()), grace);
    this.slices =
        new ResourceSlicePublisher(
            client,
            new SliceTarget(config.nodeName(), paths.driverName()),
            driver::handleError,
            config.slices());
  }

  /** Starts serving; on failure everything started so far is stopped again. */
  public synchronized void start() {
    try {
      draServer.start();
      running.push(draServer);
      resourceHealth.ifPresent(running::push); // closed first: its streams end before the server
      registrationServer.start();
      running.push(registrationServer);
      guard =
          new SocketGuard(List.of(draServer, registrationServer), config.timeouts().socketCheck());
      running.push(guard);
      startHealth();
      slices.start();
      running.push(slices);
    } catch (RuntimeException e) {
      close();
      throw e;
    }
    log.info(
        "DRA plugin {} serving on {}, registered through {}",
        config.paths().driverName(),
        draServer.socket(),
        registrationServer.socket());
  }

  /** Replaces the devices of this node's pool; published asynchronously. */
  public void publishResources(List<Device> devices) {
    slices.publish(devices);
  }

  /**
   * Replaces this node's pool with these slices (devices and shared counters, each within the API's
   * limits); published asynchronously.
   */
  public void publishSlices(List<SliceContent> content) {
    slices.publishSlices(content);
  }

  /** The registration service: the kubelet's verdict, and a way to wait for it. */
  public RegistrationService registration() {
    return registration;
  }

  /** The health service's TCP port, or -1 when disabled or not started. */
  public synchronized int healthPort() {
    return healthServer == null ? -1 : healthServer.port();
  }

  /**
   * Alive while both sockets are the files this process bound and answer as the kubelet calls them,
   * the kubelet has not refused the registration, and the slice informer runs: a plugin that lost
   * one of them for good is restarted by the kubelet's liveness probe.
   */
  private boolean alive(PluginProbe probe) {
    return draServer.intact()
        && registrationServer.intact()
        && registration.outcome().state() != RegistrationOutcome.State.REJECTED
        && slices.running()
        && probe.alive();
  }

  /** How many times a socket was bound again after its file was removed or replaced. */
  public synchronized long socketRebinds() {
    return guard == null ? 0 : guard.rebinds();
  }

  @Override
  public synchronized void close() {
    while (!running.isEmpty()) {
      AutoCloseable next = running.pop();
      try {
        next.close();
      } catch (Exception e) {
        log.warn("error while stopping {}", next, e);
      }
    }
    healthServer = null;
    guard = null;
    transport.close();
  }

  private void startHealth() {
    if (!config.healthEnabled()) {
      return;
    }
    PluginProbe probe =
        new PluginProbe(
            transport,
            config.paths().registrationSocket(),
            config.paths().draSocket(),
            config.timeouts().probe());
    running.push(probe);
    healthServer =
        new GrpcServer(
            "health",
            () -> NettyServerBuilder.forPort(config.healthPort()),
            List.of(new LivenessService(() -> alive(probe), driver::ready).bindService()),
            config.timeouts().shutdown());
    healthServer.start();
    running.push(healthServer);
  }
}
