package dev.gpudra.cli;

import dev.gpudra.deviceplugin.config.ConfigLoader;
import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import dev.gpudra.deviceplugin.config.InvalidPluginConfigException;
import dev.gpudra.deviceplugin.config.Setting;
import dev.gpudra.deviceplugin.devices.DeviceInventory;
import dev.gpudra.deviceplugin.devices.UnsupportedSettingException;
import dev.gpudra.deviceplugin.health.DeviceHealthMonitor;
import dev.gpudra.deviceplugin.health.HealthCheckSettings;
import dev.gpudra.deviceplugin.health.InvalidHealthCheckSettingException;
import dev.gpudra.deviceplugin.server.DevicePluginServers;
import dev.gpudra.gpu.plugin.NvmlFactory;
import dev.gpudra.kit.grpc.UnixSocketTransport;
import dev.gpudra.nvml.GpuInfo;
import dev.gpudra.nvml.Nvml;
import dev.gpudra.nvml.NvmlException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.IModelTransformer;
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
    DevicePluginConfig config = config();
    try {
      DeviceInventory.refuseUnbuilt(config);
    } catch (UnsupportedSettingException e) {
      throw new InvalidArgumentsException(e.getMessage());
    }
    HealthCheckSettings healthChecks = healthChecks();
    CountDownLatch stopped = new CountDownLatch(1);
    Nvml nvml;
    try {
      nvml =
          NvmlFactory.open(
              Optional.ofNullable(simulatedGpus).filter(s -> !s.isBlank()),
              Path.of(config.flags().nvidiaDriverRoot()),
              nodeName.isBlank() ? hostName() : nodeName);
    } catch (NvmlException e) {
      if (config.flags().failOnInitError()) {
        throw e;
      }
      // NVIDIA's failOnInitError=false: a node without GPUs keeps the pod running, idle
      log.error(
          "NVML could not start ({}); failOnInitError is false: idle until SIGTERM",
          e.getMessage());
      Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(stopped::countDown));
      stopped.await();
      return 0;
    }
    List<GpuInfo> gpus = nvml.gpus();
    try (nvml;
        UnixSocketTransport transport = new UnixSocketTransport(2);
        DeviceHealthMonitor health =
            DeviceHealthMonitor.start(gpus, nvml::watchXids, healthChecks, Clock.systemUTC());
        DevicePluginServers servers =
            DevicePluginServers.start(config, gpus, kubeletSocket, transport, transport, health)) {
      Runtime.getRuntime()
          .addShutdownHook(Thread.ofPlatform().unstarted(() -> stop(servers, stopped)));
      stopped.await();
    }
    return 0;
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

  private static void stop(DevicePluginServers servers, CountDownLatch stopped) {
    servers.close();
    stopped.countDown();
  }

  DevicePluginConfig config() {
    try {
      return new ConfigLoader()
          .load(
              Optional.of(configFile).filter(f -> !f.isBlank()).map(Path::of),
              System.getenv(),
              givenFlags());
    } catch (InvalidPluginConfigException e) {
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
