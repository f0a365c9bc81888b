package dev.gpudra.realcluster.node;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * One command of our image's entry point ({@code gpu-dra <command>}) as a process on the image's
 * classpath, under the node's supervisor (it stops when this JVM dies), its output appended to one
 * log file across restarts; stopped with SIGTERM, as the kubelet's runtime stops a container.
 */
final class ImageProcess {
  private final String name;
  private final List<String> command;
  private final Path log;
  private Process process;

  /**
   * @param name what it is, for messages: e.g. {@code the GPU kubelet plugin}
   * @param imageClasspath the image's classpath ({@code deployments/container/target/libs/*})
   * @param args the command and its flags, e.g. {@code gpu-kubelet-plugin --node-name=...}
   */
  ImageProcess(String name, RealNode node, String imageClasspath, List<String> args, Path log) {
    this.name = name;
    this.log = log;
    List<String> java =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m",
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                imageClasspath,
                "dev.gpudra.cli.GpuDra"));
    java.addAll(args);
    this.command = node.supervised(java);
  }

  void start() {
    try {
      process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .start();
    } catch (IOException e) {
      throw new RealNodeStartException("cannot start " + name + ": " + e.getMessage());
    }
  }

  /** How it ended; empty while it runs (or before it started). */
  Optional<String> exited() {
    return process == null || process.isAlive()
        ? Optional.empty()
        : Optional.of(name + " exited with code " + process.exitValue() + "; see " + log);
  }

  Path log() {
    return log;
  }

  /** SIGTERM, then SIGKILL after 20 s. */
  void stop() {
    if (process == null) {
      return;
    }
    process.destroy();
    try {
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
