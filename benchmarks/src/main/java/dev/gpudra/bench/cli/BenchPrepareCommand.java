package dev.gpudra.bench.cli;

import dev.gpudra.bench.BenchProfile;
import dev.gpudra.bench.BenchReport;
import dev.gpudra.bench.BenchSettings;
import dev.gpudra.bench.ChildJvm;
import dev.gpudra.bench.Machine;
import dev.gpudra.bench.PluginBinary;
import dev.gpudra.bench.PluginLayout;
import dev.gpudra.bench.PrepareBench;
import dev.gpudra.bench.ReportTable;
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
      "Start the GPU kubelet plugin in a child JVM against an embedded API server and measure, as"
          + " issue 16 lists them: start to registered + slices published, RSS idle and with"
          + " claims prepared, prepare p50/p99 and unprepare p50, prepare p50 with claims held"
          + " (and 'flat': with many held vs none), prepare+unprepare cycles/s from 1 and N"
          + " callers, the plugin's CPU per cycle, and slice publishing; each next to a floor"
          + " measured in the same run and to issue 16's target.",
      "With --peer-command, a second plugin binary (e.g. NVIDIA's gpu-kubelet-plugin) runs"
          + " through the same harness in the same run, interleaved with ours, and every figure"
          + " gets a peer column and ours/peer."
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
      description =
          "Admin-access claims held while memory is read and prepares are timed again (default"
              + " ${DEFAULT-VALUE}).")
  int heldClaims;

  @Option(
      names = "--many-held-claims",
      defaultValue = "1000",
      description =
          "Admin-access claims held while prepares are timed for the 'flat' figure (default"
              + " ${DEFAULT-VALUE}).")
  int manyHeldClaims;

  @Option(
      names = "--peer-command",
      paramLabel = "COMMAND LINE",
      description =
          "A second plugin binary to run beside ours, as one shell command line; the bench"
              + " appends NVIDIA's flags (--node-name, --kubeconfig, --cdi-root,"
              + " --kubelet-registrar-directory-path, --kubelet-plugins-directory-path,"
              + " --healthcheck-port=-1) and sets the same as env (NODE_NAME, KUBECONFIG, CDI_ROOT,"
              + " ...). It must publish the devices of --profile (e.g. '<java> -cp <classpath>"
              + " dev.gpudra.cli.GpuDra gpu-kubelet-plugin --simulated-gpus dgx-h100', or NVIDIA's"
              + " binary on its mock NVML) and exec the plugin (the process measured is the one"
              + " started).")
  String peerCommand;

  @Option(
      names = "--start-rounds",
      defaultValue = "3",
      description =
          "Cold starts per plugin, alternating which starts first with --peer-command; the start"
              + " rows are their medians (default ${DEFAULT-VALUE}).")
  int startRounds;

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
        new BenchSettings(
            claims,
            Duration.ofSeconds(seconds),
            callers,
            heldClaims,
            manyHeldClaims,
            publishRounds,
            startRounds);
    PrepareBench.Plan plan =
        new PrepareBench.Plan(
            command(),
            settings,
            BenchProfile.simulated(profile, NODE),
            largestProfile(),
            new PluginBinary.Ours(jvm, profile),
            Optional.ofNullable(peerCommand).map(PluginBinary.Peer::new));
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
    return ("./gpu-dra bench prepare --claims %d --seconds %d --profile %s --callers %d"
                + " --held-claims %d --many-held-claims %d --start-rounds %d")
            .formatted(claims, seconds, profile, callers, heldClaims, manyHeldClaims, startRounds)
        + (spec.commandLine().getParseResult().hasMatchedOption("--child-java-opts")
            ? " --child-java-opts=" + shellQuoted(childJavaOpts)
            : "")
        + (peerCommand != null ? " --peer-command=" + shellQuoted(peerCommand) : "");
  }

  /** {@code value} in single quotes for sh, its own single quotes written as {@code '\''}. */
  static String shellQuoted(String value) {
    return "'" + value.replace("'", "'\\''") + "'";
  }

  /** The built-in profile with the most devices: the largest set of slices to publish. */
  private static BenchProfile largestProfile() {
    return new ProfileLoader()
        .builtInNames().stream()
            .map(name -> BenchProfile.simulated(name, "bench-largest"))
            .max(Comparator.comparingInt((BenchProfile p) -> p.devices().size()))
            .orElseThrow();
  }
}
