package dev.gpudra.cli;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.computedomain.plugin.ComputeDomainKubeletPlugin;
import dev.gpudra.computedomain.plugin.DomainPluginConfig;
import dev.gpudra.kit.slices.PublisherSettings;
import dev.gpudra.metrics.MetricsServer;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code gpu-dra compute-domain-kubelet-plugin}: the {@code compute-domain.nvidia.com} plugin. */
@Command(
    name = "compute-domain-kubelet-plugin",
    mixinStandardHelpOptions = true,
    description = "Run the compute-domain.nvidia.com DRA kubelet plugin until SIGTERM.")
final class ComputeDomainKubeletPluginCommand implements Callable<Integer> {
  @Mixin(name = LoggingOptions.MIXIN)
  LoggingOptions logging = new LoggingOptions();

  @Mixin ApiClientOptions api = new ApiClientOptions();

  @Mixin KubeletPluginOptions options;

  @Option(
      names = "--proc-root",
      defaultValue = "${env:PROC_ROOT:-/proc}",
      description =
          "Where the kernel's /proc is read for the IMEX devices' numbers (PROC_ROOT, default"
              + " ${DEFAULT-VALUE}).")
  String procRoot;

  @Override
  public Integer call() throws InterruptedException {
    DomainPluginConfig config = config();
    Duration ownerWait = GpuKubeletPluginCommand.ownerWait(options);
    CountDownLatch stopped = new CountDownLatch(1);
    try (KubernetesClient client = Clients.connect(config.kubeconfig(), api.limit());
        ComputeDomainKubeletPlugin plugin =
            ComputeDomainKubeletPlugin.start(
                config,
                client,
                PublisherSettings.defaults().withSelectors(options.sliceSelectors),
                ownerWait)) {
      Runtime.getRuntime()
          .addShutdownHook(Thread.ofPlatform().unstarted(() -> stopAndWait(plugin, stopped)));
      stopped.await();
    }
    return 0;
  }

  private static void stopAndWait(ComputeDomainKubeletPlugin plugin, CountDownLatch stopped) {
    plugin.close();
    stopped.countDown();
  }

  DomainPluginConfig config() {
    KubeletPluginOptions o = options;
    return new DomainPluginConfig(
        o.nodeName,
        o.namespace,
        blankToEmpty(o.kubeconfig).map(Path::of),
        Path.of(o.cdiRoot),
        Path.of(o.registrarDir),
        Path.of(o.pluginsDir),
        Path.of(o.containerDriverRoot),
        Path.of(o.driverRoot),
        o.cdiHookPath,
        Path.of(procRoot),
        FeatureGates.parse(o.featureGates),
        o.healthcheckPort,
        MetricsServer.parseEndpoint(o.httpEndpoint),
        o.metricsPath,
        blankToEmpty(o.simulatedGpus));
  }

  private static Optional<String> blankToEmpty(String value) {
    return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
  }
}
