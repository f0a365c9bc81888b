package dev.gpudra.bench.cli;

import dev.gpudra.bench.BenchProfile;
import dev.gpudra.bench.BenchReport;
import dev.gpudra.bench.BenchSettings;
import dev.gpudra.bench.ChildJvm;
import dev.gpudra.bench.Machine;
import dev.gpudra.bench.PluginLayout;
import dev.gpudra.bench.PrepareBench;
import dev.gpudra.bench.ReportTable;
import dev.gpudra.gpu.discovery.DeviceDiscovery;
import dev.gpudra.gpu.discovery.Inventory;
import dev.gpudra.gpu.plugin.NvmlFactory;
import dev.gpudra.gpu.slices.DeviceModel;
import dev.gpudra.nvml.Nvml;
import dev.gpudra.nvml.simulated.ProfileLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gpu-dra bench prepare}: the GPU kubelet plugin in a child JVM, driven over its socket.
 * Reads what the benchmark must not (this JVM's options and Java home) and passes it in; the child
 * runs on the image's classpath, not this tool's.
 */
@Command(
    name = "prepare",
    mixinStandardHelpOptions = true,
    description = {
      "Start the GPU kubelet plugin in a child JVM against an embedded API server and measure cold"
          + " start, prepare latency, prepare+unprepare throughput, memory with many claims and"
          + " slice publishing, each next to a floor measured in the same run."
    })
final class BenchPrepareCommand implements Callable<Integer> {
  static final String NODE = "bench-node";

  @Spec CommandSpec spec;

  @Option(
      names = "--claims",
      defaultValue = "1000",
      description = "Claims timed (default ${DEFAULT-VALUE}).")
  int claims;

  @Option(
      names = "--seconds",
      defaultValue = "5",
      description = "Seconds per throughput run (default ${DEFAULT-VALUE}).")
  int seconds;

  @Option(
      names = "--profile",
      defaultValue = "dgx-h100",
      description = "Simulated GPU profile of the plugin (default ${DEFAULT-VALUE}).")
  String profile;

  @Option(
      names = "--callers",
      defaultValue = "4",
      description = "Concurrent callers in the second throughput run (default ${DEFAULT-VALUE}).")
  int callers;

  @Option(
      names = "--held-claims",
      defaultValue = "100",
      description = "Admin-access claims held while memory is read (default ${DEFAULT-VALUE}).")
  int heldClaims;

  @Option(
      names = "--publish-rounds",
      defaultValue = "5",
      description = "Pools published to time the slice publisher (default ${DEFAULT-VALUE}).")
  int publishRounds;

  @Option(
      names = "--child-java-opts",
      defaultValue = "${env:" + PluginJvm.OPTIONS_ENV + "}",
      description =
          "JVM options of the plugin process (default: env "
              + PluginJvm.OPTIONS_ENV
              + ", which ./gpu-dra sets to the options of ./gpu-dra gpu-kubelet-plugin; else this"
              + " JVM's).")
  String childJavaOpts;

  @Option(
      names = "--plugin-classpath",
      defaultValue = "${env:GPU_DRA_IMAGE_CLASSPATH}",
      description =
          "Classpath of the plugin process (env GPU_DRA_IMAGE_CLASSPATH; ./gpu-dra sets the"
              + " image's: deployments/container/target/libs).")
  String pluginClasspath;

  @Option(
      names = "--dir",
      description =
          "Work directory; its file system is the one measured (default: a new temp directory).")
  Path dir;

  @Option(
      names = {"-v", "--verbose"},
      description = "Show this JVM's logs on stderr.")
  boolean verbose;

  @Override
  public Integer call() throws IOException, InterruptedException {
    ChildJvm jvm = PluginJvm.of(childJavaOpts, pluginClasspath, "prepare");
    if (!verbose) {
      ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("dev.gpudra"))
          .setLevel(ch.qos.logback.classic.Level.WARN);
    }
    BenchSettings settings =
        new BenchSettings(claims, Duration.ofSeconds(seconds), callers, heldClaims, publishRounds);
    PrepareBench.Plan plan =
        new PrepareBench.Plan(command(), settings, devices(profile, NODE), largestProfile());
    Path work = dir != null ? dir : Files.createTempDirectory("gpu-dra-bench-");
    BenchReport report =
        new PrepareBench(plan, jvm, new PluginLayout(work, NODE), spec.commandLine().getErr())
            .run(
                new Machine(
                    Runtime.version().toString(), Runtime.getRuntime().availableProcessors()));
    new ReportTable(report).print(spec.commandLine().getOut());
    spec.commandLine().getOut().println("files in " + work);
    return 0;
  }

  private String command() {
    return "./gpu-dra bench prepare --claims %d --seconds %d --profile %s --callers %d"
            .formatted(claims, seconds, profile, callers)
        + (spec.commandLine().getParseResult().hasMatchedOption("--child-java-opts")
            ? " --child-java-opts='" + childJavaOpts + "'"
            : "");
  }

  /** The built-in profile with the most devices: the largest set of slices to publish. */
  private static BenchProfile largestProfile() {
    return new ProfileLoader()
        .builtInNames().stream()
            .map(name -> devices(name, "bench-largest"))
            .max(Comparator.comparingInt((BenchProfile p) -> p.devices().size()))
            .orElseThrow();
  }

  private static BenchProfile devices(String profile, String nodeName) {
    Inventory inventory;
    try (Nvml nvml = NvmlFactory.open(Optional.of(profile), Path.of("/"), nodeName)) {
      inventory = new DeviceDiscovery(nvml).discover();
    }
    return new BenchProfile(
        profile, new DeviceModel(inventory.system()).devices(inventory.devices()));
  }
}
