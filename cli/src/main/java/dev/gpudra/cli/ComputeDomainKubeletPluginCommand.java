package dev.gpudra.cli;

import dev.gpudra.api.computedomain.ImexMode;
import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.computedomain.imex.HostImexCheck;
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

  @Option(
      names = "--pod-uid",
      defaultValue = "${env:POD_UID}",
      description = "NVIDIA's SeamlessUpgrades socket names; not supported, refused (POD_UID).")
  String podUid;

  @Option(
      names = "--gpu-clique-label-enabled",
      arity = "0..1",
      fallbackValue = "true",
      defaultValue = "${env:GPU_CLIQUE_LABEL_ENABLED}",
      description =
          "Set the node label nvidia.com/gpu.clique from NVML, and keep it current; removed when"
              + " the plugin stops (GPU_CLIQUE_LABEL_ENABLED, default false).")
  String gpuCliqueLabel;

  @Option(
      names = "--imex-mode",
      defaultValue = "${env:IMEX_MODE}",
      description =
          "driverManaged (default: each domain runs nvidia-imex daemons) or hostManaged (the admin"
              + " runs nvidia-imex on each host; needs the HostManagedIMEXDaemon gate) (IMEX_MODE).")
  String imexMode;

  @Option(
      names = "--imex-isolation",
      defaultValue = "${env:IMEX_ISOLATION}",
      description =
          "domain (default: a domain's workloads share channel 0); channel is not implemented"
              + " (IMEX_ISOLATION).")
  String imexIsolation;

  @Option(
      names = "--imex-host-socket-path",
      defaultValue = "${env:IMEX_HOST_SOCKET_PATH}",
      description =
          "The host nvidia-imex's control socket under the driver root, asked with hostManaged"
              + " IMEX (IMEX_HOST_SOCKET_PATH, default /etc/nvidia-imex/imex_ctrl.sock).")
  String imexHostSocket;

  /** NVIDIA's flags for what gpu-dra's compute-domain plugin does not do. */
  private java.util.List<UpstreamOnlyOptions.Setting> upstreamOnly() {
    return java.util.List.of(
        new UpstreamOnlyOptions.Setting(
            "--pod-uid (POD_UID)",
            podUid,
            "",
            "sockets are not named per pod (NVIDIA's SeamlessUpgrades gate)"));
  }

  @Override
  public Integer call() throws InterruptedException {
    UpstreamOnlyOptions.refuse(upstreamOnly());
    options.checkNames();
    io.fabric8.kubernetes.client.Config api = Clients.config(options.cluster.target());
    DomainPluginConfig config = config(GpuKubeletPluginCommand.namespace(options, api));
    Duration ownerWait = GpuKubeletPluginCommand.ownerWait(options);
    CountDownLatch stopped = new CountDownLatch(1);
    try (KubernetesClient client = Clients.connect(api, this.api.limit());
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

  DomainPluginConfig config(String namespace) {
    KubeletPluginOptions o = options;
    FeatureGates gates = FeatureGates.parse(o.featureGates);
    ImexMode imex = ImexMode.parse(imexMode, imexIsolation, gates);
    return new DomainPluginConfig(
        o.nodeName,
        namespace,
        o.cluster.target().kubeconfig(),
        Path.of(o.cdiRoot),
        Path.of(o.registrarDir),
        Path.of(o.pluginsDir),
        Path.of(o.containerDriverRoot),
        Path.of(o.driverRoot),
        o.cdiHookPath,
        Path.of(procRoot),
        gates,
        o.healthcheckPort,
        MetricsServer.parseEndpoint(o.httpEndpoint),
        o.metricsPath,
        blankToEmpty(o.simulatedGpus),
        gpuCliqueLabel(),
        imex,
        hostSocket(imex));
  }

  /**
   * {@code --imex-host-socket-path}, NVIDIA's default when unset. Only hostManaged IMEX asks the
   * host's daemon: another path with driverManaged would be ignored, so it is refused.
   */
  private String hostSocket(ImexMode imex) {
    String socket =
        imexHostSocket == null || imexHostSocket.isBlank()
            ? HostImexCheck.DEFAULT_SOCKET
            : imexHostSocket.strip();
    if (imex == ImexMode.DRIVER_MANAGED && !socket.equals(HostImexCheck.DEFAULT_SOCKET)) {
      throw new InvalidArgumentsException(
          "--imex-host-socket-path (IMEX_HOST_SOCKET_PATH) is "
              + socket
              + ", but only --imex-mode hostManaged asks the host's nvidia-imex: it would be"
              + " ignored; set the mode or leave the path unset");
    }
    return socket;
  }

  /** Go's boolean flag syntax, as NVIDIA's plugin reads it. */
  private boolean gpuCliqueLabel() {
    String value = gpuCliqueLabel == null ? "" : gpuCliqueLabel.trim();
    return switch (value) {
      case "", "0", "f", "F", "false", "FALSE", "False" -> false;
      case "1", "t", "T", "true", "TRUE", "True" -> true;
      default ->
          throw new InvalidArgumentsException(
              "--gpu-clique-label-enabled (GPU_CLIQUE_LABEL_ENABLED): '"
                  + value
                  + "' is not a boolean (true or false)");
    };
  }

  private static Optional<String> blankToEmpty(String value) {
    return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
  }
}
