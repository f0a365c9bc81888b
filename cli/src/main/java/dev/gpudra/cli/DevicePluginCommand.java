package dev.gpudra.cli;

import dev.gpudra.deviceplugin.config.ConfigLoader;
import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import dev.gpudra.deviceplugin.config.InvalidPluginConfigException;
import dev.gpudra.deviceplugin.config.Setting;
import dev.gpudra.deviceplugin.devices.DeviceInventory;
import dev.gpudra.deviceplugin.devices.UnsupportedSettingException;
import dev.gpudra.deviceplugin.health.DeviceHealthMonitor;
import dev.gpudra.deviceplugin.health.HealthCheckSettings;
import dev.gpudra.deviceplugin.health.HealthSource;
import dev.gpudra.deviceplugin.health.InvalidHealthCheckSettingException;
import dev.gpudra.deviceplugin.node.PluginNode;
import dev.gpudra.deviceplugin.pernode.InvalidNamedConfigException;
import dev.gpudra.deviceplugin.pernode.NamedConfigs;
import dev.gpudra.deviceplugin.pernode.NodeLabelWatch;
import dev.gpudra.deviceplugin.pernode.ReconfiguringPlugin;
import dev.gpudra.deviceplugin.server.DevicePluginServers;
import dev.gpudra.gpu.plugin.NvmlFactory;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.nvml.Nvml;
import dev.gpudra.nvml.NvmlException;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/**
 * {@code gpu-dra device-plugin}: the classic {@code nvidia.com/gpu} device plugin, with NVIDIA's
 * config file, flags and env variables (each config field's flag from {@link Setting}: a flag beats
 * its env variable, which beats the file).
 */
@Command(
    name = "device-plugin",
    mixinStandardHelpOptions = true,
    modelTransformer = DevicePluginCommand.SettingFlags.class,
    description =
        "Run the nvidia.com/gpu device plugin (NVIDIA's k8s-device-plugin config, flags and"
            + " environment) until SIGTERM.")
final class DevicePluginCommand implements Callable<Integer> {
  private static final org.slf4j.Logger log =
      org.slf4j.LoggerFactory.getLogger(DevicePluginCommand.class);
  static final String KUBELET_SOCKET = "/var/lib/kubelet/device-plugins/kubelet.sock";

  @Spec CommandSpec spec;

  @Option(
      names = "--config-file",
      defaultValue = "${env:CONFIG_FILE:-}",
      description = "NVIDIA's config file (version v1), read before env and flags (CONFIG_FILE).")
  String configFile;

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

  @Option(
      names = "--simulated-gpus",
      defaultValue = "${env:SIMULATED_GPUS}",
      description =
          "A GPU profile name or file; replaces NVML with simulated GPUs (SIMULATED_GPUS).")
  String simulatedGpus;

  @Option(
      names = "--node-name",
      defaultValue = "${env:NODE_NAME:-}",
      description = "NODE_NAME (simulated GPUs only; default: the host's name).")
  String nodeName;

  @Mixin PerNodeConfigOptions perNode = new PerNodeConfigOptions();

  @Option(
      names = "--health-recovery-seconds",
      defaultValue = "${env:HEALTH_RECOVERY_SECONDS:-600}",
      description =
          "How long a GPU Unhealthy from a transient XID must stay free of XIDs to be Healthy"
              + " again; 0 keeps it Unhealthy until a restart, as NVIDIA's plugin does"
              + " (HEALTH_RECOVERY_SECONDS). XIDs are chosen by NVIDIA's DP_DISABLE_HEALTHCHECKS"
              + " and DP_ENABLE_HEALTHCHECKS.")
  long healthRecoverySeconds;

  /** Adds one option per config field that NVIDIA's plugin also takes as a flag. */
  static final class SettingFlags implements IModelTransformer {
    @Override
    public CommandSpec transform(CommandSpec command) {
      for (Setting setting : Setting.values()) {
        OptionSpec.Builder option =
            OptionSpec.builder(setting.flags().toArray(String[]::new))
                .type(String.class)
                .paramLabel("VALUE")
                .description(
                    "Config "
                        + setting.path()
                        + " ("
                        + String.join(", ", setting.envs())
                        + "); beats the env and the file.");
        command.addOption(option.build());
      }
      return command;
    }
  }

  @Override
  public Integer call() throws InterruptedException {
    Optional<NamedConfigs> named = perNode.configs();
    if (named.isPresent() && !configFile.isBlank()) {
      throw new InvalidArgumentsException(
          "--config-file (CONFIG_FILE) and --config-dir (CONFIG_FILE_SRCDIR) exclude each other:"
              + " one file, or named files chosen by the node's label");
    }
    HealthCheckSettings healthChecks = healthChecks();
    String node = nodeName.isBlank() ? hostName() : nodeName;
    Optional<KubernetesClient> client = named.map(n -> Clients.connect(perNode.kubeconfig()));
    Optional<String> label =
        client.flatMap(c -> NodeLabelWatch.current(c, node, NamedConfigs.NODE_LABEL));
    Optional<Path> file =
        named.isPresent()
            ? chosen(named.get(), label)
            : Optional.of(configFile).filter(f -> !f.isBlank()).map(Path::of);
    DevicePluginConfig config = config(file);
    CountDownLatch stopped = new CountDownLatch(1);
    CountDownLatch closed = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(Thread.ofPlatform().unstarted(() -> stopThenWait(stopped, closed)));
    try {
      return serve(named, label, client, node, config, healthChecks, stopped);
    } finally {
      closed.countDown();
    }
  }

  /** SIGTERM: the main thread stops the servers; the JVM waits for that (10 s at most). */
  private static void stopThenWait(CountDownLatch stopped, CountDownLatch closed) {
    stopped.countDown();
    try {
      closed.await(10, java.util.concurrent.TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private int serve(
      Optional<NamedConfigs> named,
      Optional<String> label,
      Optional<KubernetesClient> client,
      String node,
      DevicePluginConfig config,
      HealthCheckSettings healthChecks,
      CountDownLatch stopped)
      throws InterruptedException {
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
        AutoCloseable plugin = run(named, label, client, node, config, gpus, transport, health)) {
      stopped.await();
    } catch (InterruptedException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException("stopping the device plugin: " + e.getMessage(), e);
    } finally {
      client.ifPresent(KubernetesClient::close);
    }
    return 0;
  }

  private static Optional<Path> chosen(NamedConfigs named, Optional<String> label) {
    try {
      return named.choose(label).file();
    } catch (InvalidNamedConfigException e) {
      throw new InvalidArgumentsException(e.getMessage());
    }
  }

  /** NVML, or empty when it cannot start and failOnInitError is false (NVIDIA's: idle). */
  private Optional<Nvml> openNvml(DevicePluginConfig config, String node) {
    try {
      return Optional.of(
          NvmlFactory.open(
              Optional.ofNullable(simulatedGpus).filter(s -> !s.isBlank()),
              Path.of(config.flags().nvidiaDriverRoot()),
              node));
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

  /** The servers under one config, or under the config the node's label chooses. */
  private AutoCloseable run(
      Optional<NamedConfigs> named,
      Optional<String> label,
      Optional<KubernetesClient> client,
      String node,
      DevicePluginConfig config,
      Nvml nvml,
      UnixSocketTransport transport,
      HealthSource health) {
    if (named.isEmpty()) {
      return servers(config, open(config, nvml), transport, health);
    }
    ReconfiguringPlugin plugin =
        ReconfiguringPlugin.start(
            named.get(),
            label,
            file -> {
              DevicePluginConfig next = config(file);
              PluginNode prepared = open(next, nvml);
              return () -> servers(next, prepared, transport, health);
            });
    NodeLabelWatch watch =
        new NodeLabelWatch(
            client.orElseThrow(), node, NamedConfigs.NODE_LABEL, label, plugin::labelChanged);
    return () -> {
      watch.close();
      plugin.close();
    };
  }

  private PluginNode open(DevicePluginConfig config, Nvml nvml) {
    return PluginNode.open(
        config,
        nvml,
        PluginNode.Setup.of(simulatedGpus != null && !simulatedGpus.isBlank(), cdiRoot));
  }

  private DevicePluginServers servers(
      DevicePluginConfig config,
      PluginNode node,
      UnixSocketTransport transport,
      HealthSource health) {
    return DevicePluginServers.start(
        config, node.resources(), node.devices(), kubeletSocket, transport, transport, health);
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

  /** The kubelet's default node name: the host's name. */
  private static String hostName() {
    try {
      return java.net.InetAddress.getLocalHost().getHostName();
    } catch (java.net.UnknownHostException e) {
      throw new InvalidArgumentsException(
          "--node-name (NODE_NAME) is empty and the host has no name: " + e.getMessage());
    }
  }

  /**
   * The config from the file, env and flags.
   *
   * @throws InvalidArgumentsException naming the field, or a setting not built yet
   */
  DevicePluginConfig config(Optional<Path> file) {
    try {
      DevicePluginConfig config = new ConfigLoader().load(file, System.getenv(), givenFlags());
      DeviceInventory.refuseUnbuilt(config);
      return config;
    } catch (InvalidPluginConfigException | UnsupportedSettingException e) {
      throw new InvalidArgumentsException(e.getMessage());
    }
  }

  /** The config flags given on the command line, by the name they were given under. */
  private Map<String, String> givenFlags() {
    ParseResult parsed = spec.commandLine().getParseResult();
    Map<String, String> given = new LinkedHashMap<>();
    for (Setting setting : Setting.values()) {
      for (String name : setting.flags()) {
        if (parsed.hasMatchedOption(name)) {
          given.put(name, parsed.matchedOptionValue(name, ""));
          break;
        }
      }
    }
    return given;
  }
}
