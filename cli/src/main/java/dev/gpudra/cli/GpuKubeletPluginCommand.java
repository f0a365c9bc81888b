package dev.gpudra.cli;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.gpu.plugin.GpuDriverParts;
import dev.gpudra.gpu.plugin.GpuKubeletPlugin;
import dev.gpudra.gpu.plugin.GpuPluginConfig;
import dev.gpudra.kit.slices.PublisherSettings;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code gpu-dra gpu-kubelet-plugin}: the {@code gpu.nvidia.com} DRA kubelet plugin. */
@Command(
    name = "gpu-kubelet-plugin",
    mixinStandardHelpOptions = true,
    description = "Run the gpu.nvidia.com DRA kubelet plugin until SIGTERM.")
final class GpuKubeletPluginCommand implements Callable<Integer> {
  @Mixin PluginOptions options;

  @Override
  public Integer call() throws InterruptedException {
    GpuPluginConfig config = config(options);
    CountDownLatch stopped = new CountDownLatch(1);
    try (KubernetesClient client = Clients.connect(config.kubeconfig());
        GpuKubeletPlugin plugin =
            GpuKubeletPlugin.start(
                config,
                client,
                PublisherSettings.defaults().withSelectors(options.sliceSelectors),
                GpuDriverParts.Hooks.defaults())) {
      Runtime.getRuntime()
          .addShutdownHook(
              Thread.ofPlatform()
                  .unstarted(() -> {
                    plugin.close();
                    stopped.countDown();
                  }));
      stopped.await();
    }
    return 0;
  }

  /** Flags and environment to a validated config; a bad value is an IllegalArgumentException. */
  static GpuPluginConfig config(PluginOptions o) {
    return new GpuPluginConfig(
        o.nodeName,
        o.namespace,
        blankToEmpty(o.kubeconfig).map(Path::of),
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
        blankToEmpty(o.simulatedGpus));
  }

  private static Optional<String> blankToEmpty(String value) {
    return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
  }
}
