package dev.gpudra.node.mps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gpudra.testsupport.driver.MpsControlStandIn;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gpu-dra mps-control-daemon}'s work against a real process: the MPS control stand-in in a
 * fake driver root, started with {@code -d}, sent the claim's settings, watched, told to quit.
 */
class ControlDaemonIT {
  @TempDir Path root;
  private Path pipe;
  private Path logs;
  private CompletableFuture<Void> running;
  private ControlDaemon daemon;

  @BeforeEach
  void layOut() throws IOException {
    MpsControlStandIn.install(root.resolve("driver"));
    pipe = Files.createDirectories(root.resolve("pipe"));
    logs = Files.createDirectories(root.resolve("log"));
  }

  @AfterEach
  void stop() {
    if (daemon != null) {
      daemon.stop();
    }
  }

  private ControlDaemonSettings settings(Optional<Integer> threads, Map<String, String> limits) {
    return new ControlDaemonSettings(
        root.resolve("driver"), pipe, logs, threads, limits, Duration.ofMillis(300), false);
  }

  private void start(ControlDaemonSettings settings) {
    daemon = new ControlDaemon(settings);
    running =
        CompletableFuture.runAsync(() -> {
          try {
            daemon.run();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        });
    await().atMost(Duration.ofSeconds(10)).until(() -> Files.exists(logs.resolve("startup.log")));
  }

  private String controlLog() throws IOException {
    return Files.readString(logs.resolve("control.log"));
  }

  private long daemonPid() throws IOException {
    return Long.parseLong(Files.readString(pipe.resolve("control.pid")).strip());
  }

  @Test
  @DisplayName("multi-user: the control daemon is started with -d -M (NVIDIA's multiUser)")
  void multiUser() throws Exception {
    start(
        new ControlDaemonSettings(
            root.resolve("driver"),
            pipe,
            logs,
            Optional.empty(),
            Map.of(),
            Duration.ofMillis(300),
            true));

    assertThat(controlLog()).startsWith("daemon started multi-user ");
  }

  @Test
  @DisplayName(
      "starts the control daemon, sends the thread percentage and each device's pinned limit in"
          + " NVIDIA's order, writes startup.log for the probe, and quits on stop")
  void startsConfiguresAndQuits() throws Exception {
    start(settings(Optional.of(50), Map.of("GPU-b", "2048M", "GPU-a", "10240M")));

    assertThat(Files.readString(logs.resolve("startup.log"))).isEqualTo("startup complete\n");
    assertThat(controlLog())
        .startsWith("daemon started CUDA_VISIBLE_DEVICES=")
        .contains(
            "set_default_active_thread_percentage 50\n"
                + "set_default_device_pinned_mem_limit GPU-a 10240M\n"
                + "set_default_device_pinned_mem_limit GPU-b 2048M\n");
    long pid = daemonPid();
    assertThat(ProcessHandle.of(pid)).hasValueSatisfying(p -> assertThat(p.isAlive()).isTrue());
    await().atMost(Duration.ofSeconds(5)).until(() -> controlLog().contains("get_server_list"));

    daemon.stop();
    running.get();
    daemon = null;

    assertThat(controlLog()).endsWith("quit\n");
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true));
  }

  @Test
  @DisplayName("a control daemon that dies ends the run with an error: the kubelet restarts it")
  void deadDaemonEndsTheRun() throws Exception {
    start(settings(Optional.empty(), Map.of()));

    ProcessHandle.of(daemonPid()).orElseThrow().destroyForcibly();

    await().atMost(Duration.ofSeconds(10)).until(running::isDone);
    assertThat(running)
        .failsWithin(Duration.ZERO)
        .withThrowableOfType(java.util.concurrent.ExecutionException.class)
        .withCauseInstanceOf(MpsControlException.class)
        .withMessageContaining("Cannot find MPS control daemon process");
    daemon = null;
  }

  @Test
  @DisplayName(
      "a command the program exits without reading (no daemon) fails with the program's answer,"
          + " not with the broken pipe its early exit causes")
  void unreadCommandReportsTheAnswer() {
    MpsControlProgram program = MpsControlProgram.find(settings(Optional.empty(), Map.of()));
    String longerThanThePipeBuffer = "get_server_list " + "x".repeat(256 * 1024);

    assertThatThrownBy(() -> program.send(longerThanThePipeBuffer))
        .isInstanceOf(MpsControlException.class)
        .hasMessageContaining("exit code 1: Cannot find MPS control daemon process");
  }

  @Test
  @DisplayName("a driver root without nvidia-cuda-mps-control is refused, naming where it looked")
  void missingProgram() {
    assertThatThrownBy(() ->
            new ControlDaemon(
                new ControlDaemonSettings(
                    root.resolve("empty"),
                    pipe,
                    logs,
                    Optional.empty(),
                    Map.of(),
                    Duration.ofSeconds(1),
                    false)))
        .isInstanceOf(MpsControlException.class)
        .hasMessageContaining("no executable nvidia-cuda-mps-control under the driver root")
        .hasMessageContaining("usr/bin");
  }
}
