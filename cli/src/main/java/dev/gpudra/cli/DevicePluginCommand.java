package dev.gpudra.cli;

import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import dev.gpudra.deviceplugin.health.DeviceHealthMonitor;
import dev.gpudra.deviceplugin.health.HealthCheckSettings;
import dev.gpudra.deviceplugin.health.HealthSource;
import dev.gpudra.deviceplugin.health.InvalidHealthCheckSettingException;
import dev.gpudra.deviceplugin.mps.MpsNotReadyException;
import dev.gpudra.deviceplugin.mps.MpsReadiness;
import dev.gpudra.deviceplugin.mps.MpsRoot;
import dev.gpudra.deviceplugin.mps.ResourceDaemon;
import dev.gpudra.deviceplugin.node.PluginNode;
import dev.gpudra.deviceplugin.pernode.ReconfiguringPlugin;
import dev.gpudra.deviceplugin.server.DevicePluginServers;
import dev.gpudra.deviceplugin.server.HealthEndpoint;
import dev.gpudra.deviceplugin.server.KubeletSockets;
import dev.gpudra.deviceplugin.server.ServingSockets;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.nvml.Nvml;
import dev.gpudra.nvml.NvmlException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gpu-dra device-plugin}: the classic {@code nvidia.com/gpu} device plugin, with NVIDIA's
 * config file, flags and env variables (each config field's flag from {@link DevicePluginConfigs}:
 * a flag beats its env variable, which beats the file).
 */
@Command(
    name = "device-plugin",
    mixinStandardHelpOptions = true,
    modelTransformer = DevicePluginConfigs.SettingFlags.class,
    description =
        "Run the nvidia.com/gpu device plugin (NVIDIA's k8s-device-plugin config, flags and"
            + " environment) until SIGTERM.")
final class DevicePluginCommand implements Callable<Integer> {
  @Mixin(name = LoggingOptions.MIXIN)
  LoggingOptions logging = new LoggingOptions();

  private static final org.slf4j.Logger log =
      org.slf4j.LoggerFactory.getLogger(DevicePluginCommand.class);
  static final String KUBELET_SOCKET = "/var/lib/kubelet/device-plugins/kubelet.sock";

  @Spec CommandSpec spec;

  @Option(
      names = "--kubelet-socket",
      defaultValue = "${env:KUBELET_SOCKET:-" + KUBELET_SOCKET + "}",
      description =
          "The kubelet's device-plugin registration socket; the plugin's sockets go beside it"
              + " (KUBELET_SOCKET, default ${DEFAULT-VALUE}).")
  Path kubeletSocket;

  @Option(
      names = "--cdi-root",
      defaultValue = "${env:CDI_ROOT:-/var/run/cdi}",
      description =
          "Where the CDI spec for the cdi-annotations and cdi-cri strategies is written (CDI_ROOT,"
              + " default ${DEFAULT-VALUE}).")
  Path cdiRoot;

  @Mixin DevicePluginProcessOptions process = new DevicePluginProcessOptions();

  @Option(
      names = "--health-recovery-seconds",
      defaultValue = "${env:HEALTH_RECOVERY_SECONDS:-600}",
      description =
          "How long a GPU Unhealthy from a transient XID must stay free of XIDs to be Healthy"
              + " again; 0 keeps it Unhealthy until a restart, as NVIDIA's plugin does"
              + " (HEALTH_RECOVERY_SECONDS). XIDs are chosen by NVIDIA's DP_DISABLE_HEALTHCHECKS"
              + " and DP_ENABLE_HEALTHCHECKS.")
  long healthRecoverySeconds;

  @Option(
      names = "--healthcheck-port",
      defaultValue = "${env:HEALTHCHECK_PORT:--1}",
      description =
          "TCP port of the gRPC health service: SERVING while every socket of the plugin's is in"
              + " place; negative disables (HEALTHCHECK_PORT, default ${DEFAULT-VALUE}).")
  int healthcheckPort;

  private final ServingSockets sockets = new ServingSockets();

  @Override
  public Integer call() throws InterruptedException {
    if (healthcheckPort > 65535) {
      throw new InvalidArgumentsException(
          "--healthcheck-port (HEALTHCHECK_PORT) must be a TCP port or negative, got "
              + healthcheckPort);
    }
    HealthCheckSettings healthChecks = healthChecks();
    String node = process.node();
    DevicePluginConfigs configs = new DevicePluginConfigs(spec);
    try (ConfigChoice choice = process.choice(node)) {
      DevicePluginConfig config = configs.load(choice.file());
      try (GracefulStop stop = GracefulStop.onSigterm();
          HealthEndpoint endpoint = HealthEndpoint.start(healthcheckPort, sockets)) {
        return serve(new ConfigSource(choice, configs, node), config, healthChecks, stop);
      }
    }
  }

  /**
   * Where the plugin's configuration comes from, and where it goes again when it changes.
   *
   * @param choice the config file this node chose (its label, or the default)
   * @param configs how a file is read
   * @param node this node's name
   */
  private record ConfigSource(ConfigChoice choice, DevicePluginConfigs configs, String node) {}

  private int serve(
      ConfigSource source,
      DevicePluginConfig config,
      HealthCheckSettings healthChecks,
      GracefulStop stopped)
      throws InterruptedException {
    String node = source.node();
    Optional<Nvml> nvml = openNvml(config, node);
    if (nvml.isEmpty()) {
      stopped.await();
      return 0;
    }
    try (Nvml gpus = nvml.get();
        UnixSocketTransport transport = new UnixSocketTransport(2);
        DeviceHealthMonitor health =
            DeviceHealthMonitor.start(
                gpus.gpus(), gpus::watchXids, healthChecks, Clock.systemUTC());
        ReconfiguringPlugin.Running plugin =
            source
                .choice()
                .run(
                    node,
                    file -> {
                      DevicePluginConfig next = source.configs().load(file);
                      PluginNode prepared = open(next, gpus);
                      return () -> servers(next, prepared, transport, health);
                    })) {
      stopped.await();
    }
    return 0;
  }

  /** NVML, or empty when it cannot start and failOnInitError is false (NVIDIA's: idle). */
  private Optional<Nvml> openNvml(DevicePluginConfig config, String node) {
    try {
      return Optional.of(process.nvml(config, node));
    } catch (NvmlException e) {
      if (config.flags().failOnInitError()) {
        throw e;
      }
      log.error(
          "NVML could not start ({}); failOnInitError is false: idle until SIGTERM",
          e.getMessage());
      return Optional.empty();
    }
  }

  private PluginNode open(DevicePluginConfig config, Nvml nvml) {
    PluginNode node =
        PluginNode.open(config, nvml, PluginNode.Setup.of(process.simulated(), cdiRoot));
    awaitMps(config, node);
    return node;
  }

  /**
   * With MPS sharing, the resources' control daemons must run before a container is given a
   * replica: as NVIDIA's plugin, wait up to 5 minutes for them, checking every 5 s.
   *
   * @throws MpsNotReadyException when they do not come up
   */
  private static void awaitMps(DevicePluginConfig config, PluginNode node) {
    List<ResourceDaemon> daemons = ResourceDaemon.of(node.resources());
    if (daemons.isEmpty()) {
      return;
    }
    MpsRoot root = MpsRoot.seenFrom(MpsRoot.CONTAINER, config.flags().mpsRoot());
    try {
      new MpsReadiness(root, PluginNode.driverRoot(config).container(), Clock.systemUTC())
          .await(config.sharing().mps(), daemons, Duration.ofMinutes(5), Duration.ofSeconds(5));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MpsNotReadyException("stopped while waiting for the MPS control daemons");
    }
  }

  /** Starts the servers, their sockets part of the health endpoint's answer while they run. */
  private ReconfiguringPlugin.Running servers(
      DevicePluginConfig config,
      PluginNode node,
      UnixSocketTransport transport,
      HealthSource health) {
    DevicePluginServers servers =
        DevicePluginServers.start(
            config,
            node.resources(),
            node.devices(),
            new KubeletSockets(kubeletSocket, transport, transport),
            health);
    ServingSockets.Tracked tracked = sockets.track(servers::serving);
    return () -> {
      tracked.close();
      servers.close();
    };
  }

  /** NVIDIA's health check variables, and the recovery period. */
  private HealthCheckSettings healthChecks() {
    if (healthRecoverySeconds < 0) {
      throw new InvalidArgumentsException(
          "--health-recovery-seconds (HEALTH_RECOVERY_SECONDS) must not be negative, got "
              + healthRecoverySeconds);
    }
    try {
      return HealthCheckSettings.parse(
              System.getenv(HealthCheckSettings.DISABLE_VARIABLE),
              System.getenv(HealthCheckSettings.ENABLE_VARIABLE))
          .withRecovery(Duration.ofSeconds(healthRecoverySeconds));
    } catch (InvalidHealthCheckSettingException e) {
      throw new InvalidArgumentsException(e.getMessage());
    }
  }
}
