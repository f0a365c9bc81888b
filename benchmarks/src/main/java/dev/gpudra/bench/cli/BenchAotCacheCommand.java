package dev.gpudra.bench.cli;

import dev.gpudra.bench.AotTraining;
import dev.gpudra.bench.BenchProfile;
import dev.gpudra.bench.ChildJvm;
import dev.gpudra.bench.PluginLayout;
import dev.gpudra.bench.image.DockerArchive;
import dev.gpudra.bench.image.ImageClasspathLayout;
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
 * launcher runs it once per build (for {@code ./gpu-dra}'s own runs); the image build ({@code
 * deployments/image}) runs it with {@code --base}: the base image's own runtime, on the image's
 * classpath laid out as Jib lays it out.
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

  @Option(
      names = "--base",
      description =
          "Train for the image: the base image as a docker-archive tar (a path or Jib's"
              + " tar://<path>). Its root file system is unpacked and its JAVA_HOME's java runs"
              + " the plugin, on the image's classpath laid out there; replaces --java and"
              + " --plugin-classpath.")
  String base;

  @Option(
      names = "--image-classpath",
      description = "With --base: the image's classpath file (absolute in-image jar paths).")
  Path imageClasspath;

  @Option(
      names = "--image-libs",
      description = "With --base: the directory holding the image's jars.")
  Path imageLibs;

  @Override
  public Integer call() throws IOException, InterruptedException {
    Path work = dir != null ? dir : Files.createTempDirectory("gpu-dra-aot-");
    ChildJvm jvm = base != null ? imageJvm(work) : checkoutJvm();
    AotTraining.Plan plan =
        new AotTraining.Plan(
            BenchProfile.simulated(profile, NODE), claims, cycles, output.toAbsolutePath());
    new AotTraining(plan, jvm, new PluginLayout(work, NODE)).run();
    spec.commandLine()
        .getOut()
        .printf("AOT cache: %s (%d bytes); files in %s%n", output, Files.size(output), work);
    return 0;
  }

  private ChildJvm checkoutJvm() {
    ChildJvm checkout = PluginJvm.of(childJavaOpts, pluginClasspath, "aot-cache");
    return new ChildJvm(
        java != null ? java : checkout.java(), checkout.options(), checkout.classpath());
  }

  /** The base's runtime and the image's classpath, under {@code work/rootfs}. */
  private ChildJvm imageJvm(Path work) throws IOException, InterruptedException {
    if (java != null || (pluginClasspath != null && !pluginClasspath.isBlank())) {
      throw new IllegalArgumentException(
          "--base: the base image's runtime and the image's classpath are used; do not also give"
              + " --java or --plugin-classpath (or env GPU_DRA_IMAGE_CLASSPATH)");
    }
    if (imageClasspath == null || imageLibs == null) {
      throw new IllegalArgumentException("--base needs --image-classpath and --image-libs");
    }
    DockerArchive archive = DockerArchive.of(base);
    Path rootfs = work.resolve("rootfs");
    archive.unpack(rootfs, work.resolve("unpack"));
    Path imageJava =
        rootfs.resolve(Path.of("/").relativize(archive.javaHome())).resolve("bin/java");
    if (!Files.isExecutable(imageJava)) {
      throw new IllegalArgumentException(
          "base image " + base + ": no java at its JAVA_HOME (" + imageJava + ")");
    }
    String classpath = new ImageClasspathLayout(imageClasspath, imageLibs).layOut(rootfs);
    return new ChildJvm(
        imageJava, PluginJvm.of(childJavaOpts, classpath, "aot-cache").options(), classpath);
  }
}
