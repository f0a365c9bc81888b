package dev.gpudra.realcluster.node;

import dev.gpudra.realcluster.controlplane.GracefulStop;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A long-running process of the node (containerd, the kubelet): output to a log file, stopped with
 * SIGTERM and, after a grace period, SIGKILL; a shutdown hook stops it if the JVM exits first.
 */
final class NodeProcess implements AutoCloseable {
  private static final Duration GRACE = Duration.ofSeconds(20);

  private final String name;
  private final Process process;
  private final Path logFile;
  private final Thread hook;

  private NodeProcess(String name, Process process, Path logFile) {
    this.name = name;
    this.process = process;
    this.logFile = logFile;
    this.hook = Thread.ofPlatform().unstarted(this::stop);
    Runtime.getRuntime().addShutdownHook(hook);
  }

  static NodeProcess start(String name, List<String> command, Map<String, String> env, Path log) {
    try {
      ProcessBuilder builder =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
      builder.environment().putAll(env);
      return new NodeProcess(name, builder.start(), log);
    } catch (IOException e) {
      throw new RealNodeStartException("cannot start " + name + ": " + e.getMessage());
    }
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** How it ended, with the end of its log; empty while it runs. */
  java.util.Optional<String> exited() {
    return process.isAlive()
        ? java.util.Optional.empty()
        : java.util.Optional.of(
            name + " exited with code " + process.exitValue() + ": " + lastLines(3));
  }

  /** Fails with the end of its log when it has exited. */
  void checkAlive() {
    if (!process.isAlive()) {
      throw new RealNodeStartException(
          name + " exited with code " + process.exitValue() + ": " + lastLines(3));
    }
  }

  /** The end of its log, for a message that outlives the node's directory. */
  private String lastLines(int count) {
    try {
      List<String> lines = java.nio.file.Files.readAllLines(logFile);
      return String.join(" | ", lines.subList(Math.max(0, lines.size() - count), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  @Override
  public void close() {
    stop();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // the JVM is shutting down and the hook runs stop() itself
    }
  }

  private void stop() {
    new GracefulStop(name, GRACE).stop(process);
  }
}
