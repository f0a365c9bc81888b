package dev.gpudra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The init container's wait for the driver, with a driver root laid out in a temporary directory
 * and an {@code nvidia-smi} that is a real program (a shell script).
 */
class WaitForDriverIT {
  @TempDir Path root;

  @Test
  @DisplayName("a driver root whose nvidia-smi runs is ready at once")
  void ready() throws IOException {
    installDriver(root);
    CliRun run = CliRun.of("wait-for-driver", "--container-driver-root", root.toString());
    assertThat(run.exitCode()).isZero();
    assertThat(run.err()).contains("the driver is ready: NVIDIA-SMI version  : 580.159.04");
  }

  @Test
  @DisplayName("no driver: each attempt says why and, past the timeout, it fails")
  void notReady() {
    CliRun run =
        CliRun.of(
            "wait-for-driver",
            "--container-driver-root",
            root.toString(),
            "--nvidia-driver-root",
            "/run/nvidia/driver",
            "--interval-seconds",
            "1",
            "--timeout-seconds",
            "1");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err())
        .contains("attempt 1: the driver is not ready: nvidia-smi not found under driver root")
        .contains("hint: nvidiaDriverRoot=/run/nvidia/driver is empty on this node")
        .contains("gave up after 1 s");
  }

  @Test
  @DisplayName("a host root that holds the GPU Operator's driver container gets that hint")
  void operatorHint() throws IOException {
    Files.createDirectories(root.resolve("run/nvidia/driver/usr/bin"));
    CliRun run =
        CliRun.of(
            "wait-for-driver",
            "--container-driver-root",
            root.toString(),
            "--nvidia-driver-root",
            "/",
            "--interval-seconds",
            "1",
            "--timeout-seconds",
            "1");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("set nvidiaDriverRoot=/run/nvidia/driver");
  }

  @Test
  @DisplayName("it waits for a driver that appears later")
  void waits() throws Exception {
    ExecutorService executor = Executors.newSingleThreadExecutor();
    try {
      Future<CliRun> run =
          executor.submit(() ->
              CliRun.of(
                  "wait-for-driver",
                  "--container-driver-root",
                  root.toString(),
                  "--interval-seconds",
                  "1"));
      Thread.sleep(1500);
      assertThat(run.isDone()).isFalse();
      installDriver(root);
      CliRun done = run.get(30, TimeUnit.SECONDS);
      assertThat(done.exitCode()).isZero();
      assertThat(done.err()).contains("attempt 1: the driver is not ready").contains("ready");
    } finally {
      executor.shutdownNow();
    }
  }

  @Test
  @DisplayName("with simulated GPUs there is nothing to wait for")
  void simulated() {
    CliRun run =
        CliRun.of(
            "wait-for-driver", "--container-driver-root", root.toString(), "--simulated-gpus", "a");
    assertThat(run.exitCode()).isZero();
    assertThat(run.err()).contains("no driver to wait for");
  }

  private static void installDriver(Path root) throws IOException {
    Path lib = root.resolve("usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1");
    Files.createDirectories(lib.getParent());
    // any real shared object preloads; the driver's own is not here
    Files.copy(Path.of("/lib/x86_64-linux-gnu/libm.so.6"), lib);
    Path smi = root.resolve("usr/bin/nvidia-smi");
    Files.createDirectories(smi.getParent());
    Files.writeString(smi, "#!/bin/sh\necho 'NVIDIA-SMI version  : 580.159.04'\n");
    Files.setPosixFilePermissions(smi, PosixFilePermissions.fromString("rwxr-xr-x"));
  }
}
