package dev.gpudra.bench.cli;

import dev.gpudra.bench.AotTraining;
import dev.gpudra.bench.BenchProfile;
import dev.gpudra.bench.ChildJvm;
import dev.gpudra.bench.PluginLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gpu-dra bench aot-cache}: trains the plugin's AOT cache with a real plugin process. The
 * launcher runs it once per build (for {@code ./gpu-dra}'s own runs); the image build runs it with
 * the image's runtime ({@code --java}) on a copy of the image's classpath.
 */
@Command(
    name = "aot-cache",
    mixinStandardHelpOptions = true,
    description = {
      "Write the GPU kubelet plugin's AOT cache (-XX:AOTCache): run the plugin in a child JVM"
          + " recording its classes through registration, slice publishing, prepares and"
          + " unprepares against an embedded API server, then create the cache. The cache is only"
          + " valid for the same java, JVM options and classpath (paths, sizes, mtimes)."
    })
final class BenchAotCacheCommand implements Callable<Integer> {
  private static final String NODE = "aot-training-node";

  @Spec CommandSpec spec;

  @Option(names = "--output", required = true, description = "The cache file to write.")
  Path output;

  @Option(
      names = "--java",
      description =
          "The plugin's java executable (default: this JVM's; the image's for the image).")
  Path java;

  @Option(
      names = "--child-java-opts",
      required = true,
      description = "JVM options of the plugin process, without any -XX:AOT option.")
  String childJavaOpts;

  @Option(
      names = "--plugin-classpath",
      defaultValue = "${env:GPU_DRA_IMAGE_CLASSPATH}",
      description = "Classpath of the plugin process (default: env GPU_DRA_IMAGE_CLASSPATH).")
  String pluginClasspath;

  @Option(
      names = "--profile",
      defaultValue = "dgx-h100",
      description = "Simulated GPU profile (default ${DEFAULT-VALUE}).")
  String profile;

  @Option(
      names = "--claims",
      defaultValue = "16",
      description = "Exclusive claims, and admin-access claims (default ${DEFAULT-VALUE} each).")
  int claims;

  @Option(
      names = "--cycles",
      defaultValue = "50",
      description =
          "Prepare+unprepare cycles (default ${DEFAULT-VALUE}): enough to load every class of the"
              + " path; more only adds method profiles, which only C2 uses.")
  int cycles;

  @Option(names = "--dir", description = "Work directory (default: a new temp directory).")
  Path dir;

  @Override
  public Integer call() throws IOException, InterruptedException {
    ChildJvm base = PluginJvm.of(childJavaOpts, pluginClasspath, "aot-cache");
    ChildJvm jvm =
        new ChildJvm(java != null ? java : base.java(), base.options(), base.classpath());
    Path work = dir != null ? dir : Files.createTempDirectory("gpu-dra-aot-");
    AotTraining.Plan plan =
        new AotTraining.Plan(
            BenchProfile.simulated(profile, NODE), claims, cycles, output.toAbsolutePath());
    new AotTraining(plan, jvm, new PluginLayout(work, NODE)).run();
    spec.commandLine()
        .getOut()
        .printf("AOT cache: %s (%d bytes); files in %s%n", output, Files.size(output), work);
    return 0;
  }
}
