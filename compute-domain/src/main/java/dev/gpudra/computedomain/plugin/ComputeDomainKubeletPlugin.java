package dev.gpudra.computedomain.plugin;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gpudra.api.featuregates.FeatureGate;
import dev.gpudra.computedomain.checkpoint.DomainCheckpoint;
import dev.gpudra.computedomain.checkpoint.DomainCheckpointCodec;
import dev.gpudra.computedomain.checkpoint.DomainClaim;
import dev.gpudra.computedomain.clique.GpuCliqueLabel;
import dev.gpudra.computedomain.clique.NodeClique;
import dev.gpudra.computedomain.imex.HostImexCheck;
import dev.gpudra.computedomain.node.ImexDevices;
import dev.gpudra.computedomain.node.ProcImexDevices;
import dev.gpudra.computedomain.node.SimulatedImexDevices;
import dev.gpudra.computedomain.prepare.ChannelPrep;
import dev.gpudra.computedomain.prepare.ClaimBook;
import dev.gpudra.computedomain.prepare.DaemonPrep;
import dev.gpudra.computedomain.prepare.DomainApi;
import dev.gpudra.computedomain.prepare.DomainDraDriver;
import dev.gpudra.computedomain.prepare.DomainRequests;
import dev.gpudra.computedomain.prepare.HostChannelPrep;
import dev.gpudra.computedomain.prepare.NodeLabel;
import dev.gpudra.computedomain.prepare.TargetPrep;
import dev.gpudra.kit.DraDriver;
import dev.gpudra.kit.checkpoint.CheckpointFile;
import dev.gpudra.kit.checkpoint.CheckpointUnreadableException;
import dev.gpudra.kit.claimstatus.AttributeData;
import dev.gpudra.kit.claimstatus.ClaimStatusWriter;
import dev.gpudra.kit.claimstatus.DeviceStatusDriver;
import dev.gpudra.kit.claimstatus.KubernetesClaimStatus;
import dev.gpudra.kit.claimstatus.StatusMerge;
import dev.gpudra.kit.dra.NodeLock;
import dev.gpudra.kit.metadata.MetadataDriver;
import dev.gpudra.kit.metadata.MetadataFiles;
import dev.gpudra.kit.metadata.MetadataPaths;
import dev.gpudra.kit.owner.NodeOwner;
import dev.gpudra.kit.plugin.KubeletPlugin;
import dev.gpudra.kit.plugin.PluginConfig;
import dev.gpudra.kit.plugin.PluginPaths;
import dev.gpudra.kit.served.SliceField;
import dev.gpudra.kit.served.SliceFieldProbe;
import dev.gpudra.kit.slices.PublisherSettings;
import dev.gpudra.metrics.MetricsServer;
import dev.gpudra.node.metrics.DriverMetrics;
import dev.gpudra.node.metrics.MeteredDriver;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The running {@code compute-domain.nvidia.com} kubelet plugin: reads the node's fabric at start
 * (the clique again every 10 minutes), writes the daemons' base CDI spec, serves claims through the
 * kit, publishes {@code channel-0} and {@code daemon-0}, and cleans up stale claims and directories
 * every 10 minutes.
 */
public final class ComputeDomainKubeletPlugin implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ComputeDomainKubeletPlugin.class);
  private static final Duration CLEANUP_PERIOD = Duration.ofMinutes(10);

  private final NodeOwner owner;
  private final KubeletPlugin kit;
  private final ScheduledExecutorService cleanup;
  private final CliqueUpkeep clique;
  private final Optional<DeviceStatusDriver> claimStatus;
  private final Optional<MetricsServer> metrics;

  private ComputeDomainKubeletPlugin(
      NodeOwner owner,
      KubeletPlugin kit,
      ScheduledExecutorService cleanup,
      CliqueUpkeep clique,
      Servers servers) {
    this.owner = owner;
    this.kit = kit;
    this.cleanup = cleanup;
    this.clique = clique;
    this.metrics = servers.metrics();
    this.claimStatus = servers.claimStatus();
  }

  /** The metrics server and the claim status writer, where they run. */
  private record Servers(
      Optional<MetricsServer> metrics, Optional<DeviceStatusDriver> claimStatus) {}

  /** The metrics server's port, when serving. */
  public Optional<Integer> metricsPort() {
    return metrics.map(MetricsServer::port);
  }

  /**
   * Takes the node's plugin directory (waiting up to {@code ownerWait} for a running instance),
   * then starts; a failure stops what was started and releases the directory.
   *
   * @throws IllegalArgumentException for a gate this plugin does not implement
   * @throws IllegalStateException for a driver too old for IMEXDaemonsWithDNSNames
   * @throws dev.gpudra.computedomain.clique.CliqueException when the fabric is not usable
   */
  public static ComputeDomainKubeletPlugin start(
      DomainPluginConfig config,
      KubernetesClient client,
      PublisherSettings slices,
      Duration ownerWait) {
    return start(config, client, slices, ownerWait, PluginConfig.Timeouts.DEFAULTS);
  }

  /**
   * @param timeouts the kit's timeouts; {@code prepareRetry} is how long a channel claim waits for
   *     its node's daemon within one kubelet call
   */
  public static ComputeDomainKubeletPlugin start(
      DomainPluginConfig config,
      KubernetesClient client,
      PublisherSettings slices,
      Duration ownerWait,
      PluginConfig.Timeouts timeouts) {
    refuseUnimplementedGates(config);
    createDirectories(config);
    NodeOwner owner = NodeOwner.acquire(config.dataDir(), ownerWait);
    try {
      return startOwned(config, client, slices, owner, timeouts);
    } catch (RuntimeException | Error e) {
      owner.close();
      throw e;
    }
  }

  private static ComputeDomainKubeletPlugin startOwned(
      DomainPluginConfig config,
      KubernetesClient client,
      PublisherSettings slices,
      NodeOwner owner,
      PluginConfig.Timeouts timeouts) {
    NodeFabric fabric = NodeFabric.read(config);
    log.info(
        "node {}: NVIDIA driver {}, clique {}",
        config.nodeName(),
        fabric.driverVersion(),
        fabric.cliqueId().isEmpty() ? "none (no multi-node NVLink)" : fabric.cliqueId());
    BaseSpec.write(config, fabric.driverVersion());
    CheckpointFile<DomainCheckpoint> checkpoints = checkpoints(config);
    DomainApi api = new DomainApi(client, config.namespace());
    CliqueUpkeep clique =
        new CliqueUpkeep(
            new NodeClique(fabric.cliqueId(), () -> NodeFabric.read(config).cliqueId()),
            config.gpuCliqueLabel()
                ? Optional.of(new GpuCliqueLabel(client, config.nodeName()))
                : Optional.empty());
    DomainDraDriver driver = driver(config, client, clique.clique(), checkpoints, api);
    DriverMetrics metrics =
        new DriverMetrics(
            DomainPluginConfig.DRIVER_NAME, config.nodeName(), () -> preparedCounts(checkpoints));
    PluginPaths paths =
        new PluginPaths(config.registrarDir(), config.pluginsDir(), DomainPluginConfig.DRIVER_NAME);
    DraDriver metered = new MeteredDriver(withMetadata(config, driver), metrics);
    Optional<DeviceStatusDriver> claimStatus = withClaimStatus(config, client, metered);
    KubeletPlugin kit =
        new KubeletPlugin(
            PluginConfig.of(paths, config.nodeName(), config.healthcheckPort())
                .withSlices(slices)
                .withTimeouts(timeouts),
            client,
            claimStatus.<DraDriver>map(d -> d).orElse(metered));
    Optional<MetricsServer> metricsServer = Optional.empty();
    try {
      kit.start();
      kit.publishResources(published(config, client));
      clique.start();
      metricsServer =
          config.metrics().map(a -> new MetricsServer(a, config.metricsPath(), metrics.registry()));
      DomainCleanup cleaner =
          new DomainCleanup(
              client,
              api,
              driver,
              new DomainCleanup.NodeClaims(
                  checkpoints,
                  new NodeLock(paths.lockFile(), PluginConfig.Timeouts.DEFAULTS.lock()),
                  config.domainsDir()));
      return new ComputeDomainKubeletPlugin(
          owner,
          kit,
          startCleanup(cleaner, clique),
          clique,
          new Servers(metricsServer, claimStatus));
    } catch (RuntimeException e) {
      metricsServer.ifPresent(MetricsServer::close);
      kit.close();
      claimStatus.ifPresent(DeviceStatusDriver::close);
      throw e;
    }
  }

  private static DomainDraDriver driver(
      DomainPluginConfig config,
      KubernetesClient client,
      NodeClique clique,
      CheckpointFile<DomainCheckpoint> checkpoints,
      DomainApi api) {
    NodeLabel label = new NodeLabel(client, config.nodeName());
    ImexDevices devices =
        config.simulated() ? new SimulatedImexDevices() : new ProcImexDevices(config.procRoot());
    return new DomainDraDriver(
        new DomainRequests(DomainPluginConfig.DRIVER_NAME, config.featureGates()),
        new ClaimBook(checkpoints, Clock.systemUTC()),
        DomainDraDriver.claimSpecs(config.cdiRoot()),
        preparers(config, api, label, devices, clique),
        label);
  }

  private static List<io.fabric8.kubernetes.api.model.resource.v1.Device> published(
      DomainPluginConfig config, KubernetesClient client) {
    return DomainDevices.all(bindingConditions(config, client), config.hostManaged());
  }

  /** With hostManaged IMEX, channels check the host's daemon and daemon claims are refused. */
  private static DomainDraDriver.Preparers preparers(
      DomainPluginConfig config,
      DomainApi api,
      NodeLabel label,
      ImexDevices devices,
      NodeClique clique) {
    if (config.hostManaged()) {
      HostImexCheck host = new HostImexCheck(config.driverRoot(), config.imexHostSocket());
      return new DomainDraDriver.Preparers(
          new HostChannelPrep(api, devices, clique, host), TargetPrep.noDaemons());
    }
    return new DomainDraDriver.Preparers(
        new ChannelPrep(api, label, devices, clique, config.nodeName()),
        new DaemonPrep(api, config.domainsDir(), devices, clique));
  }

  /**
   * Whether the channel lists its binding conditions: with ComputeDomainBindingConditions, where
   * the API server keeps them (else a warning, and prepare waits for the daemon as without).
   */
  private static boolean bindingConditions(DomainPluginConfig config, KubernetesClient client) {
    if (!config.featureGates().enabled(FeatureGate.COMPUTE_DOMAIN_BINDING_CONDITIONS)) {
      return false;
    }
    Set<SliceField> served =
        new SliceFieldProbe(client, DomainPluginConfig.DRIVER_NAME, config.nodeName()).served();
    if (!served.contains(SliceField.BINDING_CONDITIONS)) {
      log.warn(
          "ComputeDomainBindingConditions: {}; the channel is published without binding"
              + " conditions and prepare waits for the IMEX daemon instead",
          SliceField.BINDING_CONDITIONS.dropped());
      return false;
    }
    return true;
  }

  /**
   * With DeviceMetadata, each prepared request's metadata file (IMEX channels and daemons), in the
   * kubelet's layout, mounted through a CDI spec of its own; the attributes are those published.
   */
  private static DraDriver withMetadata(DomainPluginConfig config, DraDriver driver) {
    if (!config.featureGates().enabled(FeatureGate.DEVICE_METADATA)) {
      return driver;
    }
    return new MetadataDriver(
        driver,
        new MetadataFiles(
            new MetadataPaths(config.dataDir(), config.cdiRoot(), DomainPluginConfig.DRIVER_NAME)),
        (claimUid, device) -> DomainDevices.attributes(device.deviceName()));
  }

  /**
   * With ClaimDeviceStatus, each prepared channel or daemon in its claim's {@code status.devices},
   * its data the attributes published ({@code type}, {@code id}); Ready while prepared.
   */
  private static Optional<DeviceStatusDriver> withClaimStatus(
      DomainPluginConfig config, KubernetesClient client, DraDriver driver) {
    if (!config.featureGates().enabled(FeatureGate.CLAIM_DEVICE_STATUS)) {
      return Optional.empty();
    }
    ObjectMapper json = new ObjectMapper();
    return Optional.of(
        DeviceStatusDriver.start(
            driver,
            new ClaimStatusWriter(
                new KubernetesClaimStatus(client),
                new StatusMerge(DomainPluginConfig.DRIVER_NAME, json),
                Clock.systemUTC(),
                ClaimStatusWriter.FIRST_DELAY),
            new AttributeData(
                (claimUid, device) -> DomainDevices.attributes(device.deviceName()), json),
            List.of()));
  }

  /** Completed claims by target ({@code channel}, {@code daemon}): {@code prepared_devices}. */
  private static Map<String, Long> preparedCounts(CheckpointFile<DomainCheckpoint> checkpoints) {
    Map<String, Long> counts = new TreeMap<>();
    try {
      checkpoints.read().claims().values().stream()
          .filter(DomainClaim::isCompleted)
          .forEach(c -> counts.merge(c.target().value(), 1L, Long::sum));
    } catch (CheckpointUnreadableException e) {
      // nothing provable; the readiness probe says why
    }
    return counts;
  }

  /** The node's clique as last read; empty off a multi-node NVLink fabric. */
  public String cliqueId() {
    return clique.clique().current();
  }

  /** The kit: registration outcome, health port. */
  public KubeletPlugin kit() {
    return kit;
  }

  @Override
  public void close() {
    cleanup.shutdownNow();
    clique.close();
    kit.close();
    claimStatus.ifPresent(DeviceStatusDriver::close);
    metrics.ifPresent(MetricsServer::close);
    owner.close();
  }

  /** Only the clique path is built: with ComputeDomainCliques off daemons would use CD status. */
  private static void refuseUnimplementedGates(DomainPluginConfig config) {
    if (!config.featureGates().enabled(FeatureGate.COMPUTE_DOMAIN_CLIQUES)) {
      throw new IllegalArgumentException(
          "feature gate ComputeDomainCliques=false is not implemented by gpu-dra: daemons"
              + " register in ComputeDomainClique objects only; remove it from --feature-gates"
              + " (FEATURE_GATES)");
    }
  }

  /** A checkpoint that cannot be read is set aside: nothing here can be proven prepared. */
  private static CheckpointFile<DomainCheckpoint> checkpoints(DomainPluginConfig config) {
    CheckpointFile<DomainCheckpoint> file =
        new CheckpointFile<>(
            config.dataDir(),
            CheckpointFile.DEFAULT_BOOT_ID,
            CheckpointFile.LOCK_TIMEOUT,
            new DomainCheckpointCodec());
    try {
      file.read();
    } catch (CheckpointUnreadableException e) {
      Path aside = file.replaceUnreadable(DomainCheckpoint.empty(""));
      log.warn("{}; moved it to {} and started with no claims", e.getMessage(), aside);
    }
    return file;
  }

  private static ScheduledExecutorService startCleanup(DomainCleanup cleaner, CliqueUpkeep clique) {
    ScheduledExecutorService executor =
        Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().daemon().name("compute-domain-cleanup").unstarted(r));
    executor.scheduleWithFixedDelay(
        () -> {
          try {
            int done = cleaner.run();
            if (done > 0) {
              log.info("cleanup: {} stale claims rolled back or directories removed", done);
            }
          } catch (RuntimeException e) {
            log.warn("cleanup failed; retried in {}", CLEANUP_PERIOD, e);
          }
        },
        0,
        CLEANUP_PERIOD.toSeconds(),
        TimeUnit.SECONDS);
    long period = CliqueUpkeep.PERIOD.toSeconds();
    executor.scheduleWithFixedDelay(clique::refresh, period, period, TimeUnit.SECONDS);
    return executor;
  }

  private static void createDirectories(DomainPluginConfig config) {
    try {
      Files.createDirectories(config.dataDir());
      Files.createDirectories(config.domainsDir());
      Files.createDirectories(config.cdiRoot());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the plugin's directories", e);
    }
  }
}
