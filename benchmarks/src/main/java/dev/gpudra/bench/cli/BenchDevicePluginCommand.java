package dev.gpudra.bench.cli;

import dev.gpudra.bench.Machine;
import dev.gpudra.bench.deviceplugin.DevicePluginBench;
import dev.gpudra.bench.deviceplugin.DevicePluginReport;
import dev.gpudra.bench.deviceplugin.DevicePluginSettings;
import dev.gpudra.bench.deviceplugin.DevicePluginTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gpu-dra bench device-plugin}: the classic device plugin in child JVMs, driven over its
 * sockets by a device-manager stand-in. Reads what the benchmark must not (this JVM's Java home and
 * options, the load average) and passes it in.
 */
@Command(
    name = "device-plugin",
    mixinStandardHelpOptions = true,
    description = {
      "Start gpu-dra device-plugin (simulated GPUs) in child JVMs against a stand-in of the"
          + " kubelet's device manager and measure start to Register and to the first ListAndWatch"
          + " response, Allocate latency per device list strategy and the plugin's memory, each"
          + " next to a floor measured in the same run."
    })
final class BenchDevicePluginCommand implements Callable<Integer> {
  static final List<String> STRATEGIES = List.of("envvar", "cdi-cri");
  private static final Duration SETTLE = Duration.ofSeconds(2);

  @Spec CommandSpec spec;

  @Option(
      names = "--rounds",
      defaultValue = "3",
      description =
          "Cold starts timed, and bare JVM starts for their floor (default ${DEFAULT-VALUE}).")
  int rounds;

  @Option(
      names = "--allocations",
      defaultValue = "2000",
      description = "Allocate calls timed per strategy (default ${DEFAULT-VALUE}).")
  int allocations;

  @Option(
      names = "--profile",
      defaultValue = "dgx-h100",
      description = "Simulated GPU profile of the plugin (default ${DEFAULT-VALUE}).")
  String profile;

  @Option(
      names = "--child-java-opts",
      defaultValue = "${env:" + PluginJvm.OPTIONS_ENV + "}",
      description =
          "JVM options of the plugin processes (default: env "
              + PluginJvm.OPTIONS_ENV
              + ", which ./gpu-dra sets to the options of ./gpu-dra device-plugin; else this"
              + " JVM's).")
  String childJavaOpts;

  @Option(
      names = "--plugin-classpath",
      defaultValue = "${env:GPU_DRA_IMAGE_CLASSPATH}",
      description =
          "Classpath of the plugin processes (env GPU_DRA_IMAGE_CLASSPATH; ./gpu-dra sets the"
              + " image's: deployments/container/target/libs).")
  String pluginClasspath;

  @Option(
      names = "--dir",
      description = "Work directory, one directory per plugin process (default: a new temp one).")
  Path dir;

  @Option(
      names = {"-v", "--verbose"},
      description = "Show this JVM's logs on stderr.")
  boolean verbose;

  @Override
  public Integer call() throws IOException, InterruptedException {
    if (!verbose) {
      ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("dev.gpudra"))
          .setLevel(ch.qos.logback.classic.Level.WARN);
    }
    DevicePluginSettings settings =
        new DevicePluginSettings(profile, rounds, allocations, STRATEGIES, SETTLE);
    Path work = dir != null ? dir : Files.createTempDirectory("gpu-dra-dp-");
    PrintWriter out = spec.commandLine().getOut();
    String loadBefore = loadAverage();
    DevicePluginReport report =
        new DevicePluginBench(
                new DevicePluginBench.Plan(command(), settings),
                PluginJvm.of(childJavaOpts, pluginClasspath, "device-plugin"),
                work,
                spec.commandLine().getErr())
            .run(
                new Machine(
                    Runtime.version().toString(), Runtime.getRuntime().availableProcessors()));
    new DevicePluginTable(report).print(out);
    out.printf("load average (1/5/15 min): %s before, %s after%n", loadBefore, loadAverage());
    out.println("files in " + work);
    out.flush();
    return 0;
  }

  private String command() {
    return "./gpu-dra bench device-plugin --rounds %d --allocations %d --profile %s"
            .formatted(rounds, allocations, profile)
        + (spec.commandLine().getParseResult().hasMatchedOption("--child-java-opts")
            ? " --child-java-opts='" + childJavaOpts + "'"
            : "");
  }

  /** The first three fields of {@code /proc/loadavg}, or "unknown" off Linux. */
  private static String loadAverage() {
    try {
      String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return String.join(" ", List.of(fields).subList(0, Math.min(3, fields.length)));
    } catch (IOException e) {
      return "unknown";
    }
  }
}
