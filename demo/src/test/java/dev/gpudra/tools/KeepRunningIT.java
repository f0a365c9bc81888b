package dev.gpudra.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gpu-dra demo --keep-running} as a process, stopped as a service manager stops it. */
class KeepRunningIT {
  @Test
  @DisplayName(
      "SIGTERM to a kept-running demo stops the stand-in processes its nodes started, not only"
          + " the JVM")
  void sigtermStopsTheStandIns(@TempDir Path dir) throws Exception {
    Path log = dir.resolve("demo.log");
    Process demo =
        new ProcessBuilder(
                ProcessHandle.current().info().command().orElseThrow(),
                "-cp",
                System.getProperty("java.class.path"),
                GpuDraTools.class.getName(),
                "demo",
                "--keep-running")
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    try {
      await()
          .atMost(Duration.ofMinutes(3))
          .untilAsserted(() -> assertThat(Files.readString(log)).contains("The cluster stays up"));
      List<ProcessHandle> standIns = demo.descendants().toList();
      assertThat(standIns).as("nvidia-imex and MPS stand-ins; log: %s", log).isNotEmpty();

      demo.destroy();

      assertThat(demo.waitFor(30, TimeUnit.SECONDS)).isTrue();
      await()
          .atMost(Duration.ofSeconds(10))
          .untilAsserted(() -> assertThat(standIns).noneMatch(ProcessHandle::isAlive));
    } finally {
      demo.descendants().forEach(ProcessHandle::destroyForcibly);
      demo.destroyForcibly();
    }
  }
}
