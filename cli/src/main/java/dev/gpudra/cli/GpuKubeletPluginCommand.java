package dev.gpudra.cli;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.gpu.mps.MpsPod;
import dev.gpudra.gpu.passthrough.PassthroughRoots;
import dev.gpudra.gpu.plugin.GateSettings;
import dev.gpudra.gpu.plugin.GpuDriverParts;
import dev.gpudra.gpu.plugin.GpuKubeletPlugin;
import dev.gpudra.gpu.plugin.GpuPluginConfig;
import dev.gpudra.gpu.slices.ConsumableShares;
import dev.gpudra.kit.slices.PublisherSettings;
import dev.gpudra.node.xid.HealthSettings;
import dev.gpudra.node.xid.XidRules;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code gpu-dra gpu-kubelet-plugin}: the {@code gpu.nvidia.com} DRA kubelet plugin. */
@Command(
    name = "gpu-kubelet-plugin",
    mixinStandardHelpOptions = true,
    description = "Run the gpu.nvidia.com DRA kubelet plugin until SIGTERM.")
final class GpuKubeletPluginCommand implements Callable<Integer> {
  @Mixin(name = LoggingOptions.MIXIN)
  LoggingOptions logging = new LoggingOptions();

  @Mixin ApiClientOptions api = new ApiClientOptions();

  /** How long a SIGTERM during the start waits for it, besides the owner lock's wait. */
  private static final Duration START_LIMIT = Duration.ofSeconds(30);

  @Mixin PluginOptions options;

  /**
   * Runs until SIGTERM. The shutdown hook is in place before anything starts: a SIGTERM during the
   * start waits for it to finish (or fail, which stops what it started) and then stops the plugin,
   * so that no socket or lock outlives the process.
   */
  @Override
  public Integer call() throws InterruptedException {
    UpstreamOnlyOptions.refuse(options.upstreamOnly());
    options.checkNames();
    io.fabric8.kubernetes.client.Config api =
        Clients.forKubeletPlugin(Clients.config(options.cluster.target()));
    GpuPluginConfig config = config(options, namespace(options, api));
    Duration ownerWait = ownerWait(options);
    CompletableFuture<GpuKubeletPlugin> started = new CompletableFuture<>();
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            Thread.ofPlatform()
                .unstarted(() -> stopWhenStarted(started, stopped, START_LIMIT.plus(ownerWait))));
    try (KubernetesClient client = Clients.connect(api, this.api.limit())) {
      started.complete(
          GpuKubeletPlugin.start(
              config,
              client,
              PublisherSettings.defaults().withSelectors(options.sliceSelectors),
              GpuDriverParts.Hooks.defaults().withOwnerWait(ownerWait)));
      stopped.await();
    } catch (RuntimeException | Error e) {
      started.completeExceptionally(e); // the hook has nothing to stop
      throw e;
    }
    return 0;
  }

  private static void stopWhenStarted(
      CompletableFuture<GpuKubeletPlugin> started, CountDownLatch stopped, Duration limit) {
    try {
      started.get(limit.toSeconds(), TimeUnit.SECONDS).close();
    } catch (ExecutionException e) {
      // the start failed and stopped what it had started; main reports why
    } catch (TimeoutException e) {
      System.err.println("gpu-kubelet-plugin: still starting after " + limit + "; exiting");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      stopped.countDown();
    }
  }

  /**
   * {@code --namespace}, else the context's namespace, else {@code default}.
   *
   * @throws InvalidArgumentsException for a namespace that is set but no DNS-1123 label
   */
  static String namespace(KubeletPluginOptions o, io.fabric8.kubernetes.client.Config api) {
    o.checkNames();
    return blankToEmpty(o.namespace).orElseGet(() -> Clients.namespace(api));
  }

  /** Flags and environment to a validated config; a bad value is an IllegalArgumentException. */
  static GpuPluginConfig config(PluginOptions o, String namespace) {
    return new GpuPluginConfig(
        o.nodeName,
        namespace,
        o.cluster.target().kubeconfig(),
        Path.of(o.cdiRoot),
        Path.of(o.registrarDir),
        Path.of(o.pluginsDir),
        Path.of(o.containerDriverRoot),
        Path.of(o.driverRoot),
        o.cdiHookPath,
        FeatureGates.parse(o.featureGates),
        o.healthcheckPort,
        GpuPluginConfig.parseEndpoint(o.httpEndpoint),
        o.metricsPath,
        blankToEmpty(o.simulatedGpus),
        new GateSettings(
            health(o),
            blankToEmpty(o.imageName),
            new PassthroughRoots(Path.of(o.sysfsRoot), Path.of(o.hostRoot)),
            ConsumableShares.parse(o.consumableShares),
            MpsPod.parse(o.imagePullPolicy, o.imagePullSecrets, o.serviceAccountName)));
  }

  /** The health monitor's settings; a malformed XID list or a negative period is refused. */
  static HealthSettings health(PluginOptions o) {
    if (o.healthRecoverySeconds < 0) {
      throw new IllegalArgumentException(
          "--health-recovery-seconds (HEALTH_RECOVERY_SECONDS) must not be negative, got "
              + o.healthRecoverySeconds);
    }
    return HealthSettings.of(
        XidRules.parse(
            o.additionalXidsToIgnore, "--additional-xids-to-ignore (ADDITIONAL_XIDS_TO_IGNORE)"),
        XidRules.parse(o.healthFatalXids, "--health-fatal-xids (HEALTH_FATAL_XIDS)"),
        Duration.ofSeconds(o.healthRecoverySeconds));
  }

  /** {@code --owner-wait-seconds}; a negative wait is a usage error. */
  static Duration ownerWait(KubeletPluginOptions o) {
    if (o.ownerWaitSeconds < 0) {
      throw new IllegalArgumentException(
          "--owner-wait-seconds (OWNER_WAIT_SECONDS) must not be negative, got "
              + o.ownerWaitSeconds);
    }
    return Duration.ofSeconds(o.ownerWaitSeconds);
  }

  static Optional<String> blankToEmpty(String value) {
    return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
  }
}
