package dev.gpudra.gpu.plugin;

import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.gpu.cdi.ClaimSpecBuilder;
import dev.gpudra.gpu.checkpoint.CheckpointStore;
import dev.gpudra.gpu.discovery.DeviceDiscovery;
import dev.gpudra.gpu.discovery.Inventory;
import dev.gpudra.gpu.discovery.VfioOffer;
import dev.gpudra.gpu.health.HealthMonitor;
import dev.gpudra.gpu.state.KubernetesClaimLookup;
import dev.gpudra.gpu.state.StaleClaimCleaner;
import dev.gpudra.kit.DraDriver;
import dev.gpudra.kit.claimstatus.DeviceStatusDriver;
import dev.gpudra.kit.dra.NodeLock;
import dev.gpudra.kit.files.DurableFile;
import dev.gpudra.kit.owner.NodeOwner;
import dev.gpudra.kit.plugin.KubeletPlugin;
import dev.gpudra.kit.plugin.PluginConfig;
import dev.gpudra.kit.plugin.PluginPaths;
import dev.gpudra.kit.served.SliceField;
import dev.gpudra.kit.slices.PublisherSettings;
import dev.gpudra.metrics.MetricsServer;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The running {@code gpu.nvidia.com} kubelet plugin: discovers devices once, assembles the driver,
 * starts the kit (DRA server, registration, health, slices), metrics and the periodic cleanup of
 * claims whose preparation never completed.
 */
public final class GpuKubeletPlugin implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(GpuKubeletPlugin.class);
  private static final Duration CLEANUP_PERIOD = Duration.ofMinutes(10);

  /** The stale-claim cleaner waits for {@code pu.lock} as long as a prepare does. */
  private static final Duration NODE_LOCK_TIMEOUT = PluginConfig.Timeouts.DEFAULTS.lock();

  private final NodeOwner owner;
  private final GpuDriverParts parts;
  private final KubeletPlugin kit;
  private final Optional<HealthMonitor> health;
  private final Optional<MetricsServer> metricsServer;
  private final Optional<DeviceStatusDriver> claimStatus;
  private final ScheduledExecutorService cleanup;
  private final AtomicBoolean closed = new AtomicBoolean();

  private GpuKubeletPlugin(
      NodeOwner owner,
      GpuDriverParts parts,
      KubeletPlugin kit,
      Servers servers,
      ScheduledExecutorService cleanup) {
    this.owner = owner;
    this.parts = parts;
    this.kit = kit;
    this.health = servers.health();
    this.metricsServer = servers.metrics();
    this.claimStatus = servers.claimStatus();
    this.cleanup = cleanup;
  }

  /** The health monitor, the metrics server and the claim status writer, where they run. */
  private record Servers(
      Optional<HealthMonitor> health,
      Optional<MetricsServer> metrics,
      Optional<DeviceStatusDriver> claimStatus) {}

  /** What {@link #start} was asked to start. */
  private record Request(
      GpuPluginConfig config,
      KubernetesClient client,
      PublisherSettings slices,
      GpuDriverParts.Hooks hooks) {}

  /** Starts the plugin as a DaemonSet runs it. */
  public static GpuKubeletPlugin start(GpuPluginConfig config, KubernetesClient client) {
    return start(config, client, PublisherSettings.defaults(), GpuDriverParts.Hooks.defaults());
  }

  /**
   * Takes ownership of the node's plugin directory (waiting for a running instance to stop), then
   * starts everything; a failure at any step stops what was started and releases the directory.
   *
   * @param slices how ResourceSlices are watched (client-side field selectors for the embedded API
   *     server, which ignores them)
   * @param hooks where node facts are read, and who watches prepare steps
   * @throws dev.gpudra.kit.owner.NodeOwnedException another instance kept the directory
   */
  public static GpuKubeletPlugin start(
      GpuPluginConfig config,
      KubernetesClient client,
      PublisherSettings slices,
      GpuDriverParts.Hooks hooks) {
    createDirectories(config);
    NodeOwner owner = NodeOwner.acquire(config.dataDir(), hooks.ownerWait());
    Deque<AutoCloseable> started = new ArrayDeque<>();
    started.push(owner);
    try {
      return startOwned(new Request(config, client, slices, hooks), owner, started);
    } catch (RuntimeException | Error e) {
      closeAll(started);
      throw e;
    }
  }

  private static GpuKubeletPlugin startOwned(
      Request request, NodeOwner owner, Deque<AutoCloseable> started) {
    GpuPluginConfig config = request.config();
    KubernetesClient client = request.client();
    GpuDriverParts.Hooks hooks = request.hooks();
    removeLeftovers(config);
    Set<SliceField> served = ServedSliceFields.probe(config, client);
    Optional<VfioOffer> passthrough = PassthroughStart.offer(config, hooks.bootIdFile());
    NodeGpus gpus = NvmlFactory.openNode(config);
    started.push(gpus);
    boolean dynamicMig = config.featureGates().enabled(FeatureGate.DYNAMIC_MIG);
    Inventory inventory = new DeviceDiscovery(gpus.nvml()).discover(dynamicMig, passthrough);
    inventory.warnings().forEach(w -> log.warn("{}", w));
    GpuDriverParts parts = GpuDriverParts.assemble(config, inventory, gpus, hooks, client);
    NodeEvents events = new NodeEvents(client, config.nodeName(), Clock.systemUTC());
    events.report(parts.recovery().run());
    parts.state().cleanUpAtStart();
    PluginPaths paths =
        new PluginPaths(config.registrarDir(), config.pluginsDir(), GpuPluginConfig.DRIVER_NAME);
    Optional<DeviceStatusDriver> claimStatus = ClaimStatusWiring.wrap(config, client, parts);
    claimStatus.ifPresent(started::push);
    KubeletPlugin kit =
        new KubeletPlugin(
            PluginConfig.of(paths, config.nodeName(), config.healthcheckPort())
                .withSlices(request.slices()),
            client,
            claimStatus.<DraDriver>map(d -> d).orElse(parts.driver()));
    started.push(kit);
    kit.start();
    PoolPublisher pool =
        new PoolPublisher(
            inventory,
            parts.health().filter(h -> served.contains(SliceField.DEVICE_TAINTS)),
            ServerVersion.counters(client, inventory),
            parts.state()::hiddenDevices,
            config.deviceModel(inventory.system()));
    pool.publish(kit);
    parts.passthrough().ifPresent(p -> p.onChange(() -> pool.publish(kit)));
    Optional<HealthMonitor> health =
        parts.health().map(h -> new HealthWiring(pool, h, kit, events).start(config, parts));
    health.ifPresent(started::push);
    Optional<MetricsServer> metrics =
        config
            .httpEndpoint()
            .map(a -> new MetricsServer(a, config.metricsPath(), parts.metrics().registry()));
    metrics.ifPresent(started::push);
    ScheduledExecutorService cleanup = startCleanup(parts, client, config);
    log.info(
        "gpu.nvidia.com plugin serving node {} with {} devices",
        config.nodeName(),
        inventory.devices().size());
    return new GpuKubeletPlugin(
        owner, parts, kit, new Servers(health, metrics, claimStatus), cleanup);
  }

  /** Temp files of writes that a crash interrupted: ours only, under the owner lock. */
  private static void removeLeftovers(GpuPluginConfig config) {
    try {
      int removed =
          DurableFile.removeLeftovers(config.dataDir(), CheckpointStore.FILE_NAME)
              + DurableFile.removeLeftovers(
                  config.cdiRoot(), ClaimSpecBuilder.writer(config.cdiRoot()).filePrefix());
      if (removed > 0) {
        log.info("removed {} temp files of writes interrupted by an earlier crash", removed);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove the temp files of interrupted writes", e);
    }
  }

  private static void closeAll(Deque<AutoCloseable> started) {
    while (!started.isEmpty()) {
      AutoCloseable next = started.pop();
      try {
        next.close();
      } catch (Exception e) {
        log.warn("error while stopping {} after a failed start", next, e);
      }
    }
  }

  private static ScheduledExecutorService startCleanup(
      GpuDriverParts parts, KubernetesClient client, GpuPluginConfig config) {
    StaleClaimCleaner cleaner =
        new StaleClaimCleaner(
            parts.state(),
            new KubernetesClaimLookup(client),
            new NodeLock(config.dataDir().resolve(NodeLock.FILE_NAME), NODE_LOCK_TIMEOUT));
    ScheduledExecutorService executor =
        Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().daemon().name("stale-claim-cleanup").unstarted(r));
    executor.scheduleWithFixedDelay(
        () -> runCleanup(cleaner, parts), 0, CLEANUP_PERIOD.toSeconds(), TimeUnit.SECONDS);
    return executor;
  }

  private static void runCleanup(StaleClaimCleaner cleaner, GpuDriverParts parts) {
    try {
      int rolledBack = cleaner.runOnce();
      if (rolledBack > 0) {
        log.info("rolled back {} claims whose preparation never completed", rolledBack);
      }
    } catch (RuntimeException e) {
      parts.driver().handleError(e, "stale claim cleanup");
    }
  }

  /**
   * @throws IllegalArgumentException a directory cannot be created: the flag that names it is wrong
   */
  private static void createDirectories(GpuPluginConfig config) {
    createDirectory(config.dataDir(), "--kubelet-plugins-directory-path");
    createDirectory(config.registrarDir(), "--kubelet-registrar-directory-path");
    createDirectory(config.cdiRoot(), "--cdi-root");
  }

  private static void createDirectory(Path dir, String flag) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          flag
              + ": cannot create "
              + dir
              + ": "
              + e.getClass().getSimpleName().replace("Exception", "")
              + (e.getMessage() == null || e.getMessage().equals(dir.toString())
                  ? ""
                  : " (" + e.getMessage() + ")"),
          e);
    }
  }

  public GpuDriverParts parts() {
    return parts;
  }

  /** The kit's plumbing (registration state, health port). */
  public KubeletPlugin kit() {
    return kit;
  }

  public Optional<Integer> metricsPort() {
    return metricsServer.map(MetricsServer::port);
  }

  /** Stops everything; safe to call twice (a SIGTERM hook and a try-with-resources both may). */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    cleanup.shutdownNow();
    health.ifPresent(HealthMonitor::close);
    metricsServer.ifPresent(MetricsServer::close);
    kit.close();
    claimStatus.ifPresent(DeviceStatusDriver::close);
    parts.gpus().close();
    owner.close();
    log.info("gpu.nvidia.com plugin stopped");
  }
}
