package dev.gpudra.image;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code gpu-dra gpu-kubelet-plugin} as the DaemonSet runs it (the image's classpath and entry
 * point, its own JVM) on a node laid out under one directory: {@code plugins_registry/}, {@code
 * plugins/}, {@code cdi/}. Output goes to a log file; {@link #close()} kills what is left.
 */
final class PluginProcess implements AutoCloseable {
  static final String NODE = "node-a";
  static final String REGISTERED = "kubelet registered DRA driver gpu.nvidia.com";

  private final Process process;
  private final Path log;

  private PluginProcess(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  /** The flags every run gets: the node's directories, simulated GPUs, no health port. */
  static List<String> flags(Path node, Path kubeconfig) {
    return List.of(
        "--node-name=" + NODE,
        "--kubeconfig=" + kubeconfig,
        "--cdi-root=" + node.resolve("cdi"),
        "--kubelet-registrar-directory-path=" + node.resolve("plugins_registry"),
        "--kubelet-plugins-directory-path=" + node.resolve("plugins"),
        "--simulated-gpus=dgx-h100",
        "--healthcheck-port=-1",
        // the embedded API server ignores spec.* field selectors
        "--slice-field-selectors=client");
  }

  static Path registrationSocket(Path node) {
    return node.resolve("plugins_registry/gpu.nvidia.com-reg.sock");
  }

  static Path draSocket(Path node) {
    return node.resolve("plugins/gpu.nvidia.com/dra.sock");
  }

  static PluginProcess start(Path node, Path kubeconfig, Path log, String... extraFlags) {
    List<String> args = new ArrayList<>();
    args.add("gpu-kubelet-plugin");
    args.addAll(flags(node, kubeconfig));
    args.addAll(List.of(extraFlags));
    try {
      Process process =
          new ProcessBuilder(
                  ImageClasspath.fromBuild()
                      .command(
                          List.of(
                              "--enable-native-access=ALL-UNNAMED",
                              "-Xmx64m",
                              "-XX:TieredStopAtLevel=1",
                              "-XX:+UseSerialGC"),
                          args))
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      return new PluginProcess(process, log);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Waits until the kubelet has confirmed {@code count} registrations, in total. */
  PluginProcess awaitRegistrations(int count) {
    await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(50))
        .until(() -> {
          if (!process.isAlive()) {
            throw new AssertionError("plugin exited with " + process.exitValue() + ":\n" + log());
          }
          return registrations() >= count;
        });
    return this;
  }

  int registrations() {
    Matcher m = Pattern.compile(Pattern.quote(REGISTERED)).matcher(log());
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  /** SIGTERM, as the kubelet stops a container. */
  void terminate() {
    process.destroy();
  }

  boolean alive() {
    return process.isAlive();
  }

  /** Waits for the exit and returns its status. */
  int awaitExit(Duration timeout) throws InterruptedException {
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      throw new AssertionError("plugin still running after " + timeout + ":\n" + log());
    }
    return process.exitValue();
  }

  String log() {
    try {
      return Files.readString(log);
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  @Override
  public void close() {
    process.destroyForcibly();
    try {
      process.waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
