package dev.gpudra.gpu.plugin;

import static org.awaitility.Awaitility.await;

import dev.gpudra.gpu.state.StepObserver;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A {@link CrashingPluginMain} process: launched with this JVM's java and class path, its output in
 * a log file, killed on {@link #close()}.
 */
final class ChildPlugin implements AutoCloseable {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

  private final Process process;
  private final Path log;

  private ChildPlugin(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  /**
   * Where a child plugin runs: its cluster, its node's name and its directories.
   *
   * @param kubeconfig the API server's kubeconfig
   * @param node the node the plugin serves
   * @param dirs the node's directories
   */
  record On(Path kubeconfig, String node, NodeDirs dirs) {

    /**
     * Starts a plugin here and waits until the kubelet stand-in has registered it (the child hears
     * back through NotifyRegistrationStatus).
     */
    ChildPlugin start(String profile, Optional<StepObserver.Step> crashAt, Path log) {
      return start(profile, crashAt, log, List.of());
    }

    /**
     * @param jvmOptions more options for the child's JVM (heap size, GC log)
     */
    ChildPlugin start(
        String profile, Optional<StepObserver.Step> crashAt, Path log, List<String> jvmOptions) {
      return ChildPlugin.start(this, new Launch(profile, crashAt, log, jvmOptions));
    }
  }

  /** What one start runs: the profile, the step to crash at, the log and the JVM's options. */
  private record Launch(
      String profile, Optional<StepObserver.Step> crashAt, Path log, List<String> jvmOptions) {}

  /** Where the plugin runs. */
  static On on(Path kubeconfig, String node, NodeDirs dirs) {
    return new On(kubeconfig, node, dirs);
  }

  private static ChildPlugin start(On on, Launch launch) {
    Path kubeconfig = on.kubeconfig();
    String node = on.node();
    NodeDirs dirs = on.dirs();
    String profile = launch.profile();
    Optional<StepObserver.Step> crashAt = launch.crashAt();
    Path log = launch.log();
    List<String> jvmOptions = launch.jvmOptions();
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(
        List.of(
            "-XX:TieredStopAtLevel=1",
            "-XX:+UseSerialGC",
            "-Xshare:auto",
            "-Xss512k",
            "--enable-native-access=ALL-UNNAMED"));
    command.addAll(jvmOptions);
    Optional.ofNullable(System.getProperty("java.util.logging.config.file"))
        .ifPresent(file -> command.add("-Djava.util.logging.config.file=" + file));
    command.addAll(
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            CrashingPluginMain.class.getName(),
            kubeconfig.toString(),
            node,
            dirs.root().toString(),
            profile));
    crashAt.ifPresent(step -> command.add(step.name()));
    Process process;
    try {
      process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + command, e);
    }
    ChildPlugin child = new ChildPlugin(process, log);
    try {
      child.awaitReady();
    } catch (RuntimeException | Error e) {
      child.close();
      throw e;
    }
    return child;
  }

  private void awaitReady() {
    await()
        .atMost(START_TIMEOUT)
        .pollInterval(Duration.ofMillis(50))
        .until(() -> {
          if (!process.isAlive()) {
            throw new AssertionError(
                "child plugin exited with "
                    + process.exitValue()
                    + " before registering:\n"
                    + output());
          }
          return output().contains(CrashingPluginMain.READY);
        });
  }

  /** Waits for the process to end and returns its exit status. */
  int awaitExit(Duration timeout) throws InterruptedException {
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      throw new AssertionError("child plugin still running after " + timeout + ":\n" + output());
    }
    return process.exitValue();
  }

  boolean alive() {
    return process.isAlive();
  }

  String output() {
    try {
      return Files.readString(log);
    } catch (IOException e) {
      return "(no output: " + e.getMessage() + ")";
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
