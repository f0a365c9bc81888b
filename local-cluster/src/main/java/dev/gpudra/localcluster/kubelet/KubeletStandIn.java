package dev.gpudra.localcluster.kubelet;

import dev.gpudra.kit.ClaimRef;
import dev.gpudra.kit.PrepareResult;
import dev.gpudra.kit.UnprepareResult;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.kit.registration.DraService;
import dev.gpudra.kit.slices.FieldSelectors;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stands in for the kubelet towards DRA plugins on one node: registers plugins found in the
 * registrar directory and prepares / unprepares claims through them over their Unix sockets.
 */
public final class KubeletStandIn implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(KubeletStandIn.class);
  private static final long POLL_MILLIS = 100;
  private static final long HEARTBEAT_SECONDS = 10;

  private final StandInConfig config;
  private final KubernetesClient client;
  private final UnixSocketTransport transport = new UnixSocketTransport(1);
  private final RegistrarWatcher watcher;
  private final ScheduledExecutorService poller =
      Executors.newSingleThreadScheduledExecutor(
          r -> Thread.ofPlatform().daemon().name("kubelet-stand-in").unstarted(r));

  public KubeletStandIn(StandInConfig config, KubernetesClient client) {
    this.config = Objects.requireNonNull(config, "config");
    this.client = Objects.requireNonNull(client, "client");
    this.watcher =
        new RegistrarWatcher(
            config.registrarDir(), new PluginRegistrar(transport, config.services()));
  }

  /**
   * Creates the registrar directory, registers the node (creating it when missing, Ready,
   * untainted), wipes its ResourceSlices, as a starting kubelet does, then watches for plugins.
   *
   * @throws UncheckedIOException the registrar directory cannot be created
   */
  public void start() {
    try {
      // the kubelet's plugin watcher makes its directory: a plugin may expect it to exist
      Files.createDirectories(config.registrarDir());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + config.registrarDir(), e);
    }
    NodeRegistration registration = new NodeRegistration(client, config.nodeName());
    registration.register(config.clock().instant());
    int wiped = deleteNodeSlices();
    log.info(
        "kubelet stand-in for node {} started; deleted {} ResourceSlices",
        config.nodeName(),
        wiped);
    poller.scheduleWithFixedDelay(this::poll, 0, POLL_MILLIS, TimeUnit.MILLISECONDS);
    poller.scheduleWithFixedDelay(
        () -> heartbeat(registration), HEARTBEAT_SECONDS, HEARTBEAT_SECONDS, TimeUnit.SECONDS);
  }

  private void heartbeat(NodeRegistration registration) {
    try {
      registration.heartbeat(config.clock().instant());
    } catch (RuntimeException e) {
      if (Thread.currentThread().isInterrupted()) {
        // the stand-in is stopping (its poller interrupts the beat in flight): nothing failed
        log.debug("heartbeat of node {} cut off by the stop", config.nodeName());
        return;
      }
      // the next beat retries; the node lifecycle controller allows 50 s without one
      log.warn("heartbeat of node {} failed", config.nodeName(), e);
    }
  }

  /** True once a plugin for this driver is registered (and its socket still exists). */
  public boolean isRegistered(String driverName) {
    return watcher.latest(driverName).isPresent();
  }

  /** The DRA service chosen for a registered driver. */
  public Optional<DraService> serviceOf(String driverName) {
    return watcher.latest(driverName).map(PluginConnection::service);
  }

  /**
   * Calls NodePrepareResources with the kubelet's deadline and response checks.
   *
   * @return one result per claim UID, in request order
   * @throws DraCallException if the driver is not registered, the call fails or the response fails
   *     the kubelet's checks
   */
  public Map<String, PrepareResult> prepare(String driverName, List<ClaimRef> claims) {
    return ResponseCheck.check(
        "NodePrepareResources", claims, connection(driverName).client().prepare(claims));
  }

  /** Calls NodeUnprepareResources; same contract as {@link #prepare}. */
  public Map<String, UnprepareResult> unprepare(String driverName, List<ClaimRef> claims) {
    return ResponseCheck.check(
        "NodeUnprepareResources", claims, connection(driverName).client().unprepare(claims));
  }

  /** Deletes every ResourceSlice of this node, as a (re)starting kubelet does. */
  public int deleteNodeSlices() {
    var slices = client.dynamicResourceAllocation().v1().resourcesSlices();
    var selected =
        config.selectors() == FieldSelectors.SERVER_SIDE
            ? slices.withField("spec.nodeName", config.nodeName())
            : slices;
    List<ResourceSlice> ours =
        selected.list().getItems().stream()
            .filter(s -> s.getSpec() != null && config.nodeName().equals(s.getSpec().getNodeName()))
            .toList();
    ours.forEach(s -> client.resource(s).delete());
    return ours.size();
  }

  @Override
  public void close() {
    poller.shutdownNow();
    try {
      poller.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    watcher.close();
    transport.close();
  }

  private void poll() {
    try {
      watcher.poll();
    } catch (RuntimeException e) {
      // keep polling: a failed scan must not end plugin discovery
      log.warn("scanning {} failed", config.registrarDir(), e);
    }
  }

  private PluginConnection connection(String driverName) {
    return watcher
        .latest(driverName)
        .orElseThrow(() -> new DraCallException("DRA driver " + driverName + " is not registered"));
  }
}
