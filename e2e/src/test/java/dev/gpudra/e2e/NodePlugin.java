package dev.gpudra.e2e;

import static org.awaitility.Awaitility.await;

import dev.gpudra.localcluster.node.NodeLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The GPU kubelet plugin as a process on the image's classpath (Failsafe passes {@code
 * gpu-dra.image.libs}), pointed at a real node's kubelet directories and CDI directory, with a
 * simulated profile. Its output goes to one log file across restarts.
 */
final class NodePlugin implements AutoCloseable {
  static final String REGISTERED = "kubelet registered DRA driver gpu.nvidia.com";

  private final List<String> command;
  private final Path log;
  private Process process;

  NodePlugin(NodeLayout layout, String nodeName, Path kubeconfig, String profile, Path log) {
    Path libs = Path.of(System.getProperty("gpu-dra.image.libs", "target/no-image-libs"));
    if (!Files.isDirectory(libs)) {
      throw new IllegalStateException(
          libs + " missing: build deployments/container first (./gpu-dra test builds it)");
    }
    this.log = log;
    this.command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx64m",
            "--enable-native-access=ALL-UNNAMED",
            "-cp",
            libs.toAbsolutePath() + "/*",
            "dev.gpudra.cli.GpuDra",
            "gpu-kubelet-plugin",
            "--node-name=" + nodeName,
            "--kubeconfig=" + kubeconfig,
            "--cdi-root=" + layout.cdiDir(),
            "--kubelet-registrar-directory-path=" + layout.registrarDir(),
            "--kubelet-plugins-directory-path=" + layout.pluginsDir(),
            "--simulated-gpus=" + profile,
            "--healthcheck-port=-1");
  }

  /** Starts it and waits until the kubelet has registered it ({@code registrations} in all). */
  void start(int registrations) {
    try {
      process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the plugin", e);
    }
    awaitRegistrations(registrations);
  }

  /** Waits until the log shows the kubelet registering the plugin {@code count} times. */
  void awaitRegistrations(int count) {
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> text().split(REGISTERED, -1).length - 1 >= count);
  }

  /** Everything it logged so far. */
  String text() {
    try {
      return Files.exists(log) ? Files.readString(log) : "";
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + log, e);
    }
  }

  Path log() {
    return log;
  }

  /** SIGTERM, as the kubelet's runtime stops the plugin's container. */
  @Override
  public void close() {
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
