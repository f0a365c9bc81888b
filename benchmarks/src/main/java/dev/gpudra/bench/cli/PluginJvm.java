package dev.gpudra.bench.cli;

import dev.gpudra.bench.ChildJvm;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The JVM a benchmarked plugin runs in, from the bench command's options: this JVM's {@code java},
 * the given options (the launcher passes those {@code ./gpu-dra <command>} runs with, in {@value
 * #OPTIONS_ENV}) or else this JVM's own, and the image's classpath.
 */
final class PluginJvm {
  /** Where {@code ./gpu-dra} puts the plugin's JVM options; the tools' own heap is larger. */
  static final String OPTIONS_ENV = "GPU_DRA_PLUGIN_JAVA_OPTS";

  private PluginJvm() {}

  /**
   * @param options space-separated JVM options, or null for this JVM's
   * @param classpath the image's classpath
   * @param command the bench command, for the error when no classpath was given
   */
  static ChildJvm of(String options, String classpath, String command) {
    if (classpath == null || classpath.isBlank()) {
      throw new IllegalArgumentException(
          "--plugin-classpath: not given; run ./gpu-dra bench "
              + command
              + " from the checkout, which passes the image's classpath"
              + " (deployments/container/target/libs)");
    }
    List<String> jvmOptions =
        options == null
            ? ManagementFactory.getRuntimeMXBean().getInputArguments()
            : Arrays.stream(options.trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
    return new ChildJvm(
        Path.of(System.getProperty("java.home"), "bin", "java"), jvmOptions, classpath);
  }
}
