package dev.gpudra.cli;

import dev.gpudra.deviceplugin.config.DevicePluginConfig;
import dev.gpudra.deviceplugin.mps.MpsControlDaemons;
import dev.gpudra.deviceplugin.mps.MpsRoot;
import dev.gpudra.deviceplugin.mps.ResourceDaemon;
import dev.gpudra.deviceplugin.mps.RetryingMpsDaemons;
import dev.gpudra.deviceplugin.node.PluginNode;
import dev.gpudra.deviceplugin.pernode.ReconfiguringPlugin;
import dev.gpudra.nvml.Nvml;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gpu-dra device-plugin-mps-control-daemon}: NVIDIA's {@code mps-control-daemon}, the
 * DaemonSet beside the device plugin that runs an MPS control daemon per resource its {@code
 * sharing.mps} shares, with the plugin's config, flags and env (and, with named configs, the config
 * the node's label chooses).
 */
@Command(
    name = "device-plugin-mps-control-daemon",
    mixinStandardHelpOptions = true,
    modelTransformer = DevicePluginConfigs.SettingFlags.class,
    subcommands = MountShmCommand.class,
    description =
        "Run an MPS control daemon per resource the device plugin's sharing.mps shares (NVIDIA's"
            + " mps-control-daemon) until SIGTERM.")
final class DevicePluginMpsDaemonCommand implements Callable<Integer> {
  @Mixin(name = LoggingOptions.MIXIN)
  LoggingOptions logging = new LoggingOptions();

  private static final org.slf4j.Logger log =
      org.slf4j.LoggerFactory.getLogger(DevicePluginMpsDaemonCommand.class);

  @Spec CommandSpec spec;

  @Option(
      names = "--retry-seconds",
      defaultValue = "30",
      description = "How long to wait before starting daemons again that failed to start.")
  long retrySeconds;

  @Mixin DevicePluginProcessOptions process = new DevicePluginProcessOptions();

  @Override
  public Integer call() throws InterruptedException {
    if (retrySeconds < 1) {
      throw new InvalidArgumentsException(
          "--retry-seconds must be at least 1, got " + retrySeconds);
    }
    String node = process.node();
    DevicePluginConfigs configs = new DevicePluginConfigs(spec);
    try (GracefulStop stop = GracefulStop.onSigterm();
        ConfigChoice choice = process.choice(node);
        Nvml nvml = process.nvml(configs.load(choice.file()), node);
        ReconfiguringPlugin.Running daemons =
            choice.run(node, file -> prepare(configs.load(file), nvml))) {
      stop.await();
    }
    return 0;
  }

  /** The daemons of one config, ready to start (the config and the node's layout checked). */
  private ReconfiguringPlugin.Prepared prepare(DevicePluginConfig config, Nvml nvml) {
    List<ResourceDaemon> daemons = ResourceDaemon.of(PluginNode.resources(config, nvml));
    if (config.sharing() == null || config.sharing().mps() == null) {
      log.info("no resource is shared through MPS (sharing.mps): no daemon to run");
      return () -> () -> {};
    }
    MpsRoot root = MpsRoot.seenFrom(MpsRoot.CONTAINER, config.flags().mpsRoot());
    Path driverRoot = PluginNode.driverRoot(config).container();
    return () ->
        RetryingMpsDaemons.start(
                () ->
                    MpsControlDaemons.start(
                        root, nvml::setComputeMode, driverRoot, config.sharing().mps(), daemons),
                Duration.ofSeconds(retrySeconds))
            ::close;
  }
}
