package dev.gpudra.realcluster.controlplane;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running {@code gpu-dra-testcluster}: started with our PID as its parent (it stops by itself
 * when we die, even by SIGKILL), stopped with SIGTERM on {@link #close()} or by a shutdown hook
 * when the JVM exits first. Its logs go to {@code testcluster.log} in the work directory.
 */
public final class ControlPlaneProcess implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ControlPlaneProcess.class);
  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

  private final Process process;
  private final ReadyLines ready;
  private final Thread shutdownHook;
  private final KubernetesClient client;

  private ControlPlaneProcess(Process process, ReadyLines ready, Thread shutdownHook) {
    this.process = process;
    this.ready = ready;
    this.shutdownHook = shutdownHook;
    this.client = new Kubeconfig(ready.kubeconfig()).client();
  }

  /**
   * Starts the binary and waits until it prints {@code ready:}.
   *
   * @param workDir where its kubeconfig, log and stderr go (created if missing)
   * @throws ControlPlaneStartException when it exits or times out before ready; the message is its
   *     own one-line startup error when it printed one
   */
  public static ControlPlaneProcess start(Path binary, Path workDir, Duration readyTimeout)
      throws InterruptedException {
    return start(binary, workDir, readyTimeout, List.of());
  }

  /**
   * Starts the binary with extra flags (e.g. {@code --feature-gates=DRAExtendedResource=true}) and
   * waits until it prints {@code ready:}; otherwise as {@link #start(Path, Path, Duration)}.
   */
  public static ControlPlaneProcess start(
      Path binary, Path workDir, Duration readyTimeout, List<String> extraFlags)
      throws InterruptedException {
    Objects.requireNonNull(binary, "binary");
    Path stderr = workDir.resolve("testcluster.stderr");
    Process process = launch(binary, workDir, stderr, extraFlags);
    Thread hook = Thread.ofPlatform().unstarted(() -> stop(process));
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      ReadyLines ready = ReadyLines.await(process, readyTimeout);
      log.info("gpu-dra-testcluster ready: {}", ready.readyLine());
      return new ControlPlaneProcess(process, ready, hook);
    } catch (RuntimeException | InterruptedException e) {
      stop(process);
      removeHook(hook);
      if (e instanceof ControlPlaneStartException s) {
        throw new ControlPlaneStartException(s.getMessage() + reason(stderr));
      }
      throw e;
    }
  }

  private static Process launch(Path binary, Path workDir, Path stderr, List<String> extraFlags) {
    try {
      Files.createDirectories(workDir);
      List<String> command = new java.util.ArrayList<>();
      command.addAll(
          List.of(
              binary.toString(),
              "--kubeconfig",
              workDir.resolve("kubeconfig").toString(),
              "--log-file",
              workDir.resolve("testcluster.log").toString(),
              "--parent-pid",
              Long.toString(ProcessHandle.current().pid())));
      command.addAll(extraFlags);
      return new ProcessBuilder(command)
          .redirectError(stderr.toFile())
          .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
          .start();
    } catch (IOException e) {
      throw new ControlPlaneStartException("cannot start " + binary + ": " + e.getMessage());
    }
  }

  /** The admin kubeconfig it wrote. */
  public Path kubeconfig() {
    return ready.kubeconfig();
  }

  /** Its {@code ready:} line: API server URL, Kubernetes version, start-up time. */
  public String readyLine() {
    return ready.readyLine();
  }

  /** An admin client, closed with this object. */
  public KubernetesClient client() {
    return client;
  }

  /** Its process ID. */
  public long pid() {
    return process.pid();
  }

  /** How it ended; empty while it runs. */
  public java.util.Optional<String> exited() {
    return process.isAlive()
        ? java.util.Optional.empty()
        : java.util.Optional.of("gpu-dra-testcluster exited with code " + process.exitValue());
  }

  /** Whether the process is still running. */
  public boolean isAlive() {
    return process.isAlive();
  }

  @Override
  public void close() {
    client.close();
    stop(process);
    removeHook(shutdownHook);
  }

  /** SIGTERM, then SIGKILL if it has not stopped in time; its data directory goes with SIGTERM. */
  private static void stop(Process process) {
    new GracefulStop("gpu-dra-testcluster", STOP_TIMEOUT).stop(process);
  }

  private static void removeHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // the JVM is already shutting down; the hook runs (or ran) stop() itself
    }
  }

  /** Its own one-line startup error when it printed one, else the first line (a flag error). */
  private static String reason(Path stderr) {
    try {
      List<String> lines = Files.readAllLines(stderr).stream().filter(l -> !l.isBlank()).toList();
      String own =
          lines.reversed().stream()
              .filter(l -> l.startsWith("gpu-dra-testcluster:"))
              .findFirst()
              .orElse(lines.isEmpty() ? "" : lines.getFirst());
      return own.isEmpty() ? "" : ": " + own.strip();
    } catch (IOException e) {
      return "";
    }
  }
}
